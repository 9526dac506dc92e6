// Reads sessions back: the list (newest first), one session whole with its measured window cut, and the load figures
// of past runs; tolerant of what a crash leaves behind (a torn last NDJSON line, a session still marked 'running'
// whose writer is gone). Every file is checked against the contract's schemas (checked-files.ts): a damaged session
// is listed as such, and reading it fails with CHK_SESSION_DAMAGED, never somewhere else later. The profiles, the big
// files, are read in session-profiles.ts, off the engine's thread.
import { existsSync, promises as fs } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { SessionListItem } from '../contract/api.js';
import type { Diagnosis } from '../contract/diagnosis.js';
import type { RepeatResult } from '../contract/metrics.js';
import { SESSION_FILES, type SessionDetail, type SessionFile } from '../contract/session.js';
import { DiagnosisSchema, LoadResultSchema, LoadTickSchema, ProbeSampleSchema, ProbeWarningSchema, SessionFileSchema, UnitsFileSchema } from '../contract/session-schemas.js';
import type { UnitsFile } from '../contract/units.js';
import { RoutesFileSchema } from '../contract/routes.js';
import { cutMeasuredWindow } from '../contract/measured-window.js';
import { CheckupError } from '../errors.js';
import { writeJsonAtomic } from './atomic.js';
import { isSameProcessAlive } from './process-identity.js';
import { removeStaleTemps } from './stale-temps.js';
import { checkJsonFile, DamagedFile, readJsonFile, readNdjsonFile } from './checked-files.js';

const SESSION_FILE = SESSION_FILES.session;

const ID = /^[A-Za-z0-9._-]{1,128}$/;

/** A 'running' session whose writer process is gone (its pid dead, or now another process's) was interrupted. */
export function isInterrupted(session: SessionFile): boolean {
  return session.status === 'running' && !isSameProcessAlive(session.writerPid, session.writerStartTime);
}

export function sessionDir(sessionsDir: string, id: string): string {
  if (!ID.test(id) || id === '.' || id === '..') throw new CheckupError('CHK_SESSION_NOT_FOUND', { id });
  return join(sessionsDir, id);
}

export async function readSessionFile(sessionsDir: string, id: string): Promise<SessionFile> {
  const dir = sessionDir(sessionsDir, id);
  let session: SessionFile | undefined | DamagedFile;
  try {
    session = await checkJsonFile(join(dir, SESSION_FILE), SessionFileSchema);
  } catch (err) {
    throw new CheckupError('CHK_SESSION_UNREADABLE', { id, detail: (err as Error).message }, { cause: err });
  }
  if (session instanceof DamagedFile) throw session.error(dir);
  if (!session) throw new CheckupError('CHK_SESSION_NOT_FOUND', { id });
  return session;
}

/** What a damaged file still holds, if it is JSON at all. */
function parsedOrUndefined(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A session whose files do not fit the format: listed with what is wrong, under what can still be read of it. */
async function damagedItem(dir: string, damage: DamagedFile): Promise<SessionListItem> {
  const raw = parsedOrUndefined(await fs.readFile(join(dir, SESSION_FILE), 'utf8').catch(() => undefined)) as Record<string, unknown> | undefined;
  const text = (key: string) => (raw && typeof raw === 'object' && typeof raw[key] === 'string' ? (raw[key] as string) : undefined);
  const created = text('createdAt');
  const mtime = await fs.stat(dir).then((s) => s.mtime.toISOString(), () => new Date(0).toISOString());
  return {
    id: basename(dir),
    dir,
    name: text('name') ?? basename(dir),
    project: text('project') ?? '',
    createdAt: created && !Number.isNaN(Date.parse(created)) ? created : mtime,
    status: 'partial',
    interrupted: false,
    summary: {},
    repeats: 1,
    damaged: damage.toString(),
  };
}

/** The list item of one folder: undefined when it holds no session.json. */
async function listEntry(dir: string): Promise<SessionListItem | undefined> {
  const session = await checkJsonFile(join(dir, SESSION_FILE), SessionFileSchema).catch(() => undefined);
  if (!session) return undefined;
  if (session instanceof DamagedFile) return damagedItem(dir, session);
  // The small files are checked here too, so the history says which session will not open; the NDJSON series are
  // checked when the session is opened.
  for (const [name, schema] of [[SESSION_FILES.diagnosis, DiagnosisSchema], [SESSION_FILES.load, LoadResultSchema]] as const) {
    const value = await checkJsonFile(join(dir, name), schema).catch(() => undefined);
    if (value instanceof DamagedFile) return { ...listItem(dir, session), damaged: value.toString() };
  }
  return listItem(dir, session);
}

function listItem(dir: string, session: SessionFile): SessionListItem {
  return {
    id: session.id,
    dir,
    name: session.name,
    project: session.project,
    createdAt: session.createdAt,
    status: session.status,
    interrupted: isInterrupted(session),
    summary: session.summary,
    ...(session.recipe?.note ? { note: session.recipe.note } : {}),
    ...(session.git ? { git: session.git } : {}),
    repeats: session.recipe?.repeats ?? 1,
    ...(session.kind ? { kind: session.kind } : {}),
    ...(session.imported ? { imported: { confirmed: Boolean(session.imported.confirmedAt) } } : {}),
    ...(session.interleaved ? { interleaved: session.interleaved } : {}),
  };
}

export async function listSessions(sessionsDir: string): Promise<SessionListItem[]> {
  let names: string[];
  try {
    names = await fs.readdir(sessionsDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  await removeStaleTemps(sessionsDir, names);
  // Names starting with a dot are ours but not sessions: a session folder being created, an import, the uploads.
  const items = await Promise.all(
    names.filter((n) => ID.test(n) && !n.startsWith('.')).map((name) => listEntry(join(sessionsDir, name))),
  );
  return items.filter((x): x is SessionListItem => x !== undefined).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function readSession(sessionsDir: string, id: string, logLines = 200): Promise<SessionDetail> {
  const session = await readSessionFile(sessionsDir, id);
  const dir = sessionDir(sessionsDir, id);
  const [diagnosis, load, samples, ticks, warnings, log, units, routes] = await Promise.all([
    readJsonFile(join(dir, SESSION_FILES.diagnosis), DiagnosisSchema),
    readJsonFile(join(dir, SESSION_FILES.load), LoadResultSchema),
    readNdjsonFile(join(dir, SESSION_FILES.samples), ProbeSampleSchema),
    readNdjsonFile(join(dir, SESSION_FILES.ticks), LoadTickSchema),
    readNdjsonFile(join(dir, SESSION_FILES.warnings), ProbeWarningSchema),
    fs.readFile(join(dir, SESSION_FILES.log), 'utf8').catch(() => ''),
    readJsonFile(join(dir, SESSION_FILES.units), UnitsFileSchema) as Promise<UnitsFile | undefined>,
    readJsonFile(join(dir, SESSION_FILES.routes), RoutesFileSchema),
  ]);
  const { measureStartAt, measureEndAt } = session.timings;
  if (isInterrupted(session)) {
    session.status = 'partial';
    session.partialReason ??= 'CHK_INTERRUPTED';
    session.partialMessage ??= 'The engine stopped while this run was in progress.';
  }
  return {
    dir,
    session,
    ...(diagnosis ? { diagnosis } : {}),
    ...(load ? { load } : {}),
    samples,
    ticks,
    warnings,
    measured: cutMeasuredWindow(samples, ticks, measureStartAt, measureEndAt),
    profiles: { cpu: existsSync(join(dir, SESSION_FILES.cpuProfile)), heap: existsSync(join(dir, SESSION_FILES.heapProfile)) },
    logTail: log.split('\n').filter(Boolean).slice(-logLines),
    ...(units ? { units } : {}),
    ...(routes ? { routes } : {}),
  };
}

/** A session's diagnosis alone (diagnosis.json): undefined when it has none or it cannot be read. */
export async function readSessionDiagnosis(sessionsDir: string, id: string): Promise<Diagnosis | undefined> {
  return readJsonFile(join(sessionDir(sessionsDir, id), SESSION_FILES.diagnosis), DiagnosisSchema).catch(() => undefined);
}

/** A session folder anywhere (a CI baseline may live outside the sessions folder), or the id of one in `sessionsDir`. */
export async function readSessionRef(ref: string, sessionsDir: string): Promise<SessionDetail> {
  const asPath = resolve(ref);
  if (existsSync(join(asPath, SESSION_FILE))) return readSession(dirname(asPath), basename(asPath));
  return readSession(sessionsDir, ref);
}

/** The runs of one interleaved A/B comparison in a sessions folder, whole, oldest first. */
export async function readInterleavedRuns(sessionsDir: string, id: string): Promise<SessionDetail[]> {
  const members = (await listSessions(sessionsDir)).filter((s) => s.interleaved?.id === id).reverse();
  return Promise.all(members.map((m) => readSession(sessionsDir, m.id)));
}

/** The repeated measurements of a session (load.json), or none when it has no load figures. */
export async function readRepeats(dir: string): Promise<RepeatResult[]> {
  const load = await readJsonFile(join(dir, SESSION_FILES.load), LoadResultSchema);
  return load?.repeats ?? [];
}

export async function deleteSession(sessionsDir: string, id: string): Promise<boolean> {
  const dir = sessionDir(sessionsDir, id);
  // A damaged session can be deleted too: only that it is a session folder is checked.
  if (!existsSync(join(dir, SESSION_FILE))) throw new CheckupError('CHK_SESSION_NOT_FOUND', { id });
  await fs.rm(dir, { recursive: true, force: true });
  return true;
}

/** The user saw what an imported session's recipe launches and confirmed it; session.json is rewritten atomically. */
export async function confirmImportedRecipe(sessionsDir: string, id: string): Promise<SessionFile> {
  const session = await readSessionFile(sessionsDir, id);
  if (session.imported && !session.imported.confirmedAt) {
    session.imported.confirmedAt = new Date().toISOString();
    await writeJsonAtomic(join(sessionDir(sessionsDir, id), SESSION_FILE), session);
  }
  return session;
}

/** Sets the user's note ("what did I change") on a finished session; session.json is rewritten atomically. */
export async function setSessionNote(sessionsDir: string, id: string, note: string): Promise<void> {
  const session = await readSessionFile(sessionsDir, id);
  session.recipe.note = note.trim() || undefined;
  if (!session.recipe.note) delete session.recipe.note;
  await writeJsonAtomic(join(sessionDir(sessionsDir, id), SESSION_FILE), session);
}
