// Reads a ramp session back (ramp.json beside session.json), by id or by folder, for the faces. A session of another
// kind is refused in words.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { RampDetail, RampResult } from '../contract/ramp.js';
import { SESSION_FILES } from '../contract/session.js';
import { CheckupError } from '../errors.js';
import { isInterrupted, readSessionRef } from './session-reader.js';

export async function readRamp(ref: string, sessionsDir: string): Promise<RampDetail> {
  const { session, dir } = await readSessionRef(ref, sessionsDir);
  if (session.kind !== 'ramp') throw new CheckupError('CHK_SESSION_UNREADABLE', { id: session.id, detail: `${session.name} is not a ramp` });
  let ramp: RampResult | undefined;
  try {
    ramp = JSON.parse(await fs.readFile(join(dir, SESSION_FILES.ramp), 'utf8')) as RampResult;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new CheckupError('CHK_SESSION_UNREADABLE', { id: session.id, detail: (err as Error).message }, { cause: err });
  }
  const status = isInterrupted(session) ? 'partial' : session.status;
  return {
    id: session.id,
    name: session.name,
    project: session.project,
    createdAt: session.createdAt,
    status,
    ...(session.partialMessage ? { partialMessage: session.partialMessage } : status === 'partial' && session.status === 'running' ? { partialMessage: 'The engine stopped while this ramp was in progress.' } : {}),
    ...(ramp ? { ramp } : {}),
  };
}
