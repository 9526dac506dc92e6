// The engine API, declared once. Desktop (preload + IPC), browser mode (WebSocket) and the CLI all call these
// methods with these payloads; `window.checkup` in the renderer has exactly this shape. Every payload is validated
// against its schema where it enters (main process, browser-mode server) before it reaches the engine.
import { z } from 'zod';
import type { Diagnosis } from './diagnosis.js';
import type { LoadResult, LoadTick, ProbeSample, ProbeWarning } from './metrics.js';
import type { Recipe } from './recipe.js';
import type { SessionDetail, SessionFile } from './session.js';
import type { SerializedError } from '../errors.js';

const SessionId = z.string().regex(/^[A-Za-z0-9._-]{1,128}$/, 'not a session id');
const RunId = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'not a run id');

/** Payload schema of every method. A method absent here does not exist. */
export const methodParams = {
  listLabs: z.object({}).strict(),
  validateRecipe: z.object({ recipe: z.unknown() }).strict(),
  startRun: z.object({ recipe: z.unknown() }).strict(),
  stopRun: z.object({ runId: RunId }).strict(),
  listSessions: z.object({}).strict(),
  getSession: z.object({ id: SessionId }).strict(),
  deleteSession: z.object({ id: SessionId }).strict(),
} as const;

export const LIVE_BATCHES_PER_SECOND = 5;

export type MethodName = keyof typeof methodParams;

export interface LabInfo {
  name: string;
  title: string;
  /** The problem the slow variant has, as a finding kind (healthy for the healthy app). */
  problem: string;
  summary: string;
  /** Markdown lesson text. */
  lesson: string;
  /** Suggested load for this lab (path etc.). */
  recipe: Partial<Recipe>;
}

export interface RecipeCheck {
  ok: boolean;
  /** Field path (dot separated) to message, for inline validation. */
  errors: Record<string, string>;
  recipe?: Recipe;
}

export interface RunStarted {
  runId: string;
  sessionId: string;
  sessionDir: string;
}

export interface SessionListItem {
  id: string;
  dir: string;
  name: string;
  project: string;
  createdAt: string;
  status: SessionFile['status'];
  /** 'running' sessions whose writer died are reported as interrupted. */
  interrupted: boolean;
  summary: SessionFile['summary'];
  note?: string;
}

/** Result type of each method. */
export interface MethodResults {
  listLabs: LabInfo[];
  validateRecipe: RecipeCheck;
  startRun: RunStarted;
  stopRun: { stopped: boolean };
  listSessions: SessionListItem[];
  getSession: SessionDetail;
  deleteSession: { deleted: boolean };
}

export type MethodParams = { [M in MethodName]: z.input<(typeof methodParams)[M]> };

export type RunPhase =
  | 'starting'
  | 'waiting-for-port'
  | 'warmup'
  | 'measuring'
  | 'collecting'
  | 'diagnosing'
  | 'saving'
  | 'done'
  | 'failed'
  | 'stopped';

export interface LogLine {
  stream: 'stdout' | 'stderr';
  text: string;
  ts: number;
}

/** Live data of a run collected since the previous batch. */
export interface LiveBatch {
  samples: ProbeSample[];
  ticks: LoadTick[];
  warnings: ProbeWarning[];
  log: LogLine[];
}

/** The event stream. Live data is batched: at most LIVE_BATCHES_PER_SECOND `run-live` events a second per run. */
export type EngineEvent =
  | { type: 'run-phase'; runId: string; sessionId: string; phase: RunPhase; at: number; message?: string; totalSec?: number }
  | { type: 'run-live'; runId: string; live: LiveBatch }
  | {
      type: 'run-finished';
      runId: string;
      sessionId: string;
      sessionDir: string;
      status: SessionFile['status'];
      error?: SerializedError;
      diagnosis?: Diagnosis;
      load?: Pick<LoadResult, 'requestsPerSecond' | 'latency' | 'errors' | 'non2xx'>;
    };

/** What `window.checkup` and every engine client look like. */
export type EngineApi = {
  [M in MethodName]: (params: MethodParams[M]) => Promise<MethodResults[M]>;
} & {
  /** Subscribe to the event stream; returns an unsubscribe function. */
  onEvent(listener: (event: EngineEvent) => void): () => void;
};

/** Validate a method call's payload; throws a ZodError on bad input. */
export function parseParams<M extends MethodName>(method: M, params: unknown): z.output<(typeof methodParams)[M]> {
  return methodParams[method].parse(params ?? {}) as z.output<(typeof methodParams)[M]>;
}

export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(methodParams, name);
}
