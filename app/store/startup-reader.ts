// Reads a start-up session back (startup.json beside session.json), by id or by folder, for the faces and the
// comparison. A session of the other kind is refused in words.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { SESSION_FILES } from '../contract/session.js';
import type { StartupDetail, StartupResult } from '../contract/startup.js';
import type { TargetSpec } from '../contract/recipe.js';
import { CheckupError } from '../errors.js';
import { isInterrupted, readSessionRef } from './session-reader.js';

function commandOf(target: TargetSpec): string {
  if (target.kind === 'script') return ['node', ...target.nodeArgs, target.script, ...target.args].join(' ');
  if (target.kind === 'npm') return ['npm run', target.npmScript, ...target.args].join(' ');
  return `${target.lab} (${target.variant})`;
}

export async function readStartup(ref: string, sessionsDir: string): Promise<StartupDetail> {
  const detail = await readSessionRef(ref, sessionsDir);
  const { session, dir } = detail;
  if (session.kind !== 'startup') throw new CheckupError('CHK_COMPARE_MISMATCH', { detail: `${session.name} (${session.id}) is a checkup under load, not a start-up checkup` });
  let startup: StartupResult | undefined;
  try {
    startup = JSON.parse(await fs.readFile(join(dir, SESSION_FILES.startup), 'utf8')) as StartupResult;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new CheckupError('CHK_SESSION_UNREADABLE', { id: session.id, detail: (err as Error).message }, { cause: err });
  }
  const status = isInterrupted(session) ? 'partial' : session.status;
  return {
    id: session.id,
    dir,
    name: session.name,
    project: session.project,
    createdAt: session.createdAt,
    status,
    ...(session.partialMessage ? { partialMessage: session.partialMessage } : status === 'partial' && session.status === 'running' ? { partialMessage: 'The engine stopped while this start-up checkup was in progress.' } : {}),
    command: commandOf(session.recipe.target),
    ...(startup ? { startup } : {}),
  };
}

