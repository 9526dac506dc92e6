// A whole session in one file (.checkup): gzipped JSON holding every file of the session folder, to send to a
// colleague or attach to an issue. Importing checks every part, writes a new session folder under a temporary name
// and renames it into place, so a bad or cut-off bundle never leaves half a session behind.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { GzipDataError, gunzipBounded } from '../bounded-gunzip.js';
import { SESSION_FILES, SESSION_FORMAT_VERSION, type SessionFile } from '../contract/session.js';
import { SessionFileSchema } from '../contract/session-schemas.js';
import { redactRecipe } from '../contract/recipe-secrets.js';
import { unitFilesIn, unitFilesNamed } from './bundle-units.js';
import { describeIssues } from '../contract/schema-issues.js';
import { CheckupError, toCheckupError } from '../errors.js';
import { checkupVersion } from '../paths.js';
import { writeFileAtomic } from '../store/atomic.js';

const BUNDLE_FORMAT = 'checkup-session-bundle';
const BUNDLE_VERSION = 1;
/**
 * Files a bundle may carry: exactly the session format's files (app/contract/session.ts), and the unit files its
 * units.json names (a multi-unit run's profiles and probe windows: app/share/bundle-units.ts).
 */
const ALLOWED: ReadonlySet<string> = new Set(Object.values(SESSION_FILES));
const SESSION_FILE = SESSION_FILES.session;
const MAX_BUNDLE_BYTES = 512 * 1024 * 1024;

interface Bundle {
  format: string;
  version: number;
  checkupVersion: string;
  files: Record<string, string>;
}

export async function writeBundle(sessionDir: string, out: string): Promise<number> {
  const files: Record<string, string> = {};
  const names = await fs.readdir(sessionDir);
  for (const name of names) {
    if (ALLOWED.has(name)) files[name] = await fs.readFile(join(sessionDir, name), 'utf8');
  }
  for (const name of unitFilesIn(files[SESSION_FILES.units], names)) files[name] = await fs.readFile(join(sessionDir, name), 'utf8');
  if (files[SESSION_FILE] !== undefined) files[SESSION_FILE] = withoutSecrets(files[SESSION_FILE]);
  const bundle: Bundle = { format: BUNDLE_FORMAT, version: BUNDLE_VERSION, checkupVersion, files };
  const data = gzipSync(JSON.stringify(bundle), { level: 6 });
  await writeFileAtomic(out, data);
  return data.length;
}

/**
 * session.json with the recipe's secrets (the set-up step's body, credential headers) replaced by a placeholder: a
 * bundle goes to other people. The importer is asked for them again before the recipe runs (CHK_SETUP_SECRET_MISSING).
 */
function withoutSecrets(text: string): string {
  let session: SessionFile;
  try {
    session = JSON.parse(text) as SessionFile;
  } catch {
    return text;
  }
  if (!session?.recipe?.load) return text;
  return JSON.stringify({ ...session, recipe: redactRecipe(session.recipe) }, null, 2) + '\n';
}

function invalid(name: string, detail: string): CheckupError {
  return new CheckupError('CHK_BUNDLE_INVALID', { name, detail });
}

export async function readBundle(data: Buffer, name: string): Promise<{ session: SessionFile; files: Record<string, string> }> {
  if (data.length > MAX_BUNDLE_BYTES) throw new CheckupError('CHK_PROFILE_TOO_LARGE', { name, size: `${Math.round(data.length / 1048576)} MB`, limit: `${MAX_BUNDLE_BYTES / 1048576} MB` });
  let text: string;
  try {
    text = (await gunzipBounded(data, name)).toString('utf8');
  } catch (err) {
    if (!(err instanceof GzipDataError)) throw err;
    throw invalid(name, `not a gzip file, or cut off (${(err as Error).message})`);
  }
  let bundle: Bundle;
  try {
    bundle = JSON.parse(text) as Bundle;
  } catch {
    throw invalid(name, 'its contents are not valid JSON');
  }
  if (bundle?.format !== BUNDLE_FORMAT) throw invalid(name, 'it is not a Checkup session bundle');
  if (bundle.version > BUNDLE_VERSION) throw invalid(name, `it was made by a newer Checkup (bundle version ${bundle.version}); update Checkup to open it`);
  if (!bundle.files || typeof bundle.files !== 'object') throw invalid(name, 'it holds no files');
  const unitFiles = unitFilesNamed(bundle.files[SESSION_FILES.units]);
  for (const [file, content] of Object.entries(bundle.files)) {
    if (!ALLOWED.has(file) && !unitFiles.has(file)) throw invalid(name, `it holds an unexpected file "${file}"`);
    if (typeof content !== 'string') throw invalid(name, `"${file}" is not text`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(bundle.files[SESSION_FILE] ?? '');
  } catch {
    throw invalid(name, 'its session.json is missing or not valid JSON');
  }
  const version = (raw as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > SESSION_FORMAT_VERSION) throw invalid(name, `its session format ${version} is newer than this Checkup's (${SESSION_FORMAT_VERSION})`);
  const parsed = SessionFileSchema.safeParse(raw);
  if (!parsed.success) throw invalid(name, `its session.json does not fit the session format (${describeIssues(parsed.error.issues, { whole: 'session.json' })})`);
  return { session: parsed.data, files: bundle.files };
}

/** Imports a bundle into `sessionsDir`; resolves with the new session's id (the original id, unless taken). */
export async function importBundle(path: string, sessionsDir: string): Promise<string> {
  let data: Buffer;
  try {
    data = await fs.readFile(path);
  } catch {
    throw new CheckupError('CHK_FILE_NOT_FOUND', { path });
  }
  const from = path.split(/[\\/]/).pop() ?? path;
  const { session, files } = await readBundle(data, from);
  // A name starting with a dot is not a session to the history (a folder being written, the uploads): never one here.
  const safe = session.id.replace(/[^A-Za-z0-9._-]/g, '-').replace(/^\.+/, '').slice(0, 100) || 'imported';
  await fs.mkdir(sessionsDir, { recursive: true });
  const taken = await fs.stat(join(sessionsDir, safe)).then(() => true, () => false);
  const id = taken ? `${safe}-imported-${randomBytes(2).toString('hex')}` : safe;
  const tmp = join(sessionsDir, `.import-${randomBytes(6).toString('hex')}`);
  try {
    await fs.mkdir(tmp);
    for (const [file, content] of Object.entries(files)) {
      // Marked as imported, unconfirmed: its recipe is someone else's command line (app/engine/foreign-recipe.ts).
      const value = file === SESSION_FILE ? JSON.stringify({ ...session, id, imported: { at: new Date().toISOString(), from } }, null, 2) + '\n' : content;
      await fs.writeFile(join(tmp, file), value);
    }
    await fs.rename(tmp, join(sessionsDir, id));
  } catch (err) {
    await fs.rm(tmp, { recursive: true, force: true });
    throw toCheckupError(err);
  }
  return id;
}
