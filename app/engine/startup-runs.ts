// The engine's side of the start-up checkup: validating what a face asks for, running it in the background with
// progress on the event stream, and stopping it.
import { randomBytes } from 'node:crypto';
import type { EngineEvent, MethodParams } from '../contract/api.js';
import { TargetSpecSchema } from '../contract/recipe.js';
import { issuesByField } from '../contract/schema-issues.js';
import type { StartupResult } from '../contract/startup.js';
import { CheckupError, toCheckupError } from '../errors.js';
import { runStartupCheckup } from '../startup/startup-checkup.js';

const STARTUP_DEFAULTS = { runs: 5, compileCache: true, timeoutSec: 30 } as const;

export interface StartupOutcome {
  sessionId: string;
  sessionDir: string;
  status: 'complete' | 'partial';
  result?: StartupResult;
  error?: CheckupError;
}

export interface StartupRun {
  runId: string;
  sessionId: string;
  sessionDir: string;
  done: Promise<StartupOutcome>;
  stop(): void;
}

export async function startStartupRun(params: MethodParams['startStartup'], sessionsDir: string, emit: (e: EngineEvent) => void): Promise<StartupRun> {
  const target = TargetSpecSchema.safeParse(params.target);
  if (!target.success) {
    const errors = issuesByField(target.error.issues, { whole: 'target' });
    throw new CheckupError('CHK_INVALID_RECIPE', { detail: Object.entries(errors).map(([k, v]) => `${k}: ${v}`).join('; ') });
  }
  const runId = `startup-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const abort = new AbortController();
  let opened: (s: { id: string; dir: string }) => void = () => {};
  let failedEarly: (err: unknown) => void = () => {};
  const session = new Promise<{ id: string; dir: string }>((resolve, reject) => {
    opened = resolve;
    failedEarly = reject;
  });
  const spec = { target: target.data, runs: params.runs ?? STARTUP_DEFAULTS.runs, compileCache: params.compileCache ?? STARTUP_DEFAULTS.compileCache, timeoutSec: params.timeoutSec ?? STARTUP_DEFAULTS.timeoutSec };
  let sessionId = '';
  let sessionDir = '';
  const done: Promise<StartupOutcome> = runStartupCheckup(spec, sessionsDir, {
    signal: abort.signal,
    onSession: (writer) => {
      sessionId = writer.id;
      sessionDir = writer.dir;
      opened({ id: writer.id, dir: writer.dir });
    },
    onProgress: (p) => emit({ type: 'run-phase', runId, sessionId, phase: 'measuring', at: Date.now(), message: `start ${p.start} of ${p.of} (${p.purpose})${p.skipped ? ` skipped: ${p.skipped}` : ''}`, step: { at: p.start, of: p.of } }),
  }).then(
    ({ result }) => ({ sessionId, sessionDir, status: 'complete' as const, result }),
    (err: unknown) => {
      failedEarly(err);
      return { sessionId, sessionDir, status: 'partial' as const, error: toCheckupError(err) };
    },
  );
  const { id, dir } = await session;
  emit({ type: 'run-phase', runId, sessionId: id, phase: 'starting', at: Date.now() });
  void done.then((o) => emit({ type: 'run-finished', runId, sessionId: id, sessionDir: dir, status: o.status, ...(o.error ? { error: o.error.toJSON() } : {}) }));
  return { runId, sessionId: id, sessionDir: dir, done, stop: () => abort.abort() };
}
