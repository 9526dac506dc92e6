// A saved Checkup session folder read back as the doctor's input (what a run collected), to judge it again.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_FILES, type SessionTimings, type TargetInfo } from '../app/contract/session.js';
import type { CollectedRun } from '../app/diagnosis/index.js';

export const readJson = (file: string): unknown => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const readLines = (file: string): unknown[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8').split('\n').filter(Boolean).flatMap((line) => {
        try {
          return [JSON.parse(line) as unknown];
        } catch {
          return [];
        }
      })
    : [];

export interface SavedSession {
  recipe: { target: { script?: string } };
  target?: Pick<TargetInfo, 'nodeVersion' | 'startupMs' | 'exitCode' | 'signal' | 'exitedUnexpectedly'>;
  timings: SessionTimings;
  memoryAfterLoad?: unknown;
  machine?: { databases?: unknown[] };
}

/** The session's own record, or undefined when the folder holds none. */
export function savedSession(dir: string): SavedSession | undefined {
  return readJson(join(dir, SESSION_FILES.session)) as SavedSession | undefined;
}

/** What the run collected, as the doctor reads it. */
export function savedRun(dir: string, session: SavedSession): CollectedRun {
  return {
    samples: readLines(join(dir, SESSION_FILES.samples)),
    warnings: readLines(join(dir, SESSION_FILES.warnings)),
    load: readJson(join(dir, SESSION_FILES.load)),
    profiles: { cpu: readJson(join(dir, SESSION_FILES.cpuProfile)), heap: readJson(join(dir, SESSION_FILES.heapProfile)) },
    stderrTail: existsSync(join(dir, SESSION_FILES.log)) ? readFileSync(join(dir, SESSION_FILES.log), 'utf8').split('\n').slice(-40) : [],
    startupMs: session.target?.startupMs,
    timings: session.timings,
    recipe: session.recipe,
    ...(session.memoryAfterLoad ? { memoryAfterLoad: session.memoryAfterLoad } : {}),
    ...(session.machine?.databases ? { databaseServers: session.machine.databases } : {}),
    // A target that exited on its own during the load crashed: its exit, at the end of the measured window.
    ...(session.target?.exitedUnexpectedly ? { crash: { code: session.target.exitCode ?? null, signal: session.target.signal ?? null, at: session.timings.measureEndAt ?? session.timings.startedAt } } : {}),
  } as unknown as CollectedRun;
}
