// Reads sessions back: the list (newest first), one session whole with its measured window cut, and the load figures
// of past runs; tolerant of what a crash leaves behind (a torn last NDJSON line, a session still marked 'running'
// whose writer is gone). The profiles, the big files, are read in session-profiles.ts, off the engine's thread.
import { existsSync, promises as fs } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { SessionListItem } from '../contract/api.js';
import type { Diagnosis } from '../contract/diagnosis.js';
import type { LoadResult, LoadTick, ProbeSample, ProbeWarning, RepeatResult } from '../contract/metrics.js';
import { SESSION_FILES, type SessionDetail, type SessionFile } from '../contract/session.js';
import { cutMeasuredWindow } from '../diagnosis/measured-window.js';
import { CheckupError } from '../errors.js';
import { writeJsonAtomic } from './atomic.js';

const SESSION_FILE = SESSION_FILES.session;

const ID = /^[A-Za-z0-9._-]{1,128}$/;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function isInterrupted(session: SessionFile): boolean {
  return session.status === 'running' && session.writerPid !== process.pid && !processAlive(session.writerPid);
}

export function sessionDir(sessionsDir: string, id: string): string {
  if (!ID.test(id) || id === '.' || id === '..') throw new CheckupError('CHK_SESSION_NOT_FOUND', { id });
  return join(sessionsDir, id);
}

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await fs.readFile(path, 'utf8')) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

export async function readNdjson<T>(path: string): Promise<T[]> {
  let text: string;
  try {
    text = await fs.readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: T[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      out.push(JSON.parse(line) as T);
    } catch {
      // a torn line from a crash mid-write: skip it
    }
  }
  return out;
}

export async function readSessionFile(sessionsDir: string, id: string): Promise<SessionFile> {
  const dir = sessionDir(sessionsDir, id);
  let session: SessionFile | undefined;
  try {
    session = await readJson<SessionFile>(join(dir, SESSION_FILE));
  } catch (err) {
    throw new CheckupError('CHK_SESSION_UNREADABLE', { id, detail: (err as Error).message }, { cause: err });
  }
  if (!session) throw new CheckupError('CHK_SESSION_NOT_FOUND', { id });
  return session;
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
  const items = await Promise.all(
    names.filter((n) => ID.test(n)).map(async (name) => {
      const dir = join(sessionsDir, name);
      const session = await readJson<SessionFile>(join(dir, SESSION_FILE)).catch(() => undefined);
      return session ? listItem(dir, session) : undefined;
    }),
  );
  return items.filter((x): x is SessionListItem => x !== undefined).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function readSession(sessionsDir: string, id: string, logLines = 200): Promise<SessionDetail> {
  const session = await readSessionFile(sessionsDir, id);
  const dir = sessionDir(sessionsDir, id);
  const [diagnosis, load, samples, ticks, warnings, log] = await Promise.all([
    readJson<Diagnosis>(join(dir, SESSION_FILES.diagnosis)),
    readJson<LoadResult>(join(dir, SESSION_FILES.load)),
    readNdjson<ProbeSample>(join(dir, SESSION_FILES.samples)),
    readNdjson<LoadTick>(join(dir, SESSION_FILES.ticks)),
    readNdjson<ProbeWarning>(join(dir, SESSION_FILES.warnings)),
    fs.readFile(join(dir, SESSION_FILES.log), 'utf8').catch(() => ''),
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
  };
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
  const load = await readJson<LoadResult>(join(dir, SESSION_FILES.load)).catch(() => undefined);
  return load?.repeats ?? [];
}

export async function deleteSession(sessionsDir: string, id: string): Promise<boolean> {
  const dir = sessionDir(sessionsDir, id);
  await readSessionFile(sessionsDir, id);
  await fs.rm(dir, { recursive: true, force: true });
  return true;
}

/** Sets the user's note ("what did I change") on a finished session; session.json is rewritten atomically. */
export async function setSessionNote(sessionsDir: string, id: string, note: string): Promise<void> {
  const session = await readSessionFile(sessionsDir, id);
  session.recipe.note = note.trim() || undefined;
  if (!session.recipe.note) delete session.recipe.note;
  await writeJsonAtomic(join(sessionDir(sessionsDir, id), SESSION_FILE), session);
}
