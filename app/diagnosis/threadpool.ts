// Work off the main thread, as the probe measured it each window: the CPU of the libuv threadpool's threads (and how
// long they waited for a CPU), of V8's and Node's helper threads and of the rest, and the calls the app queued for the
// pool through Node's crypto and zlib, per call site. Pure: summed over the measured window.
import type { Culprit } from '../contract/diagnosis.js';
import type { ProbeSample } from '../contract/metrics.js';
import { classifyFrame } from '../profile/model/classify.js';
import { sum } from '../numbers.js';

export interface PoolCallTotal {
  api: string;
  functionName: string;
  url: string;
  line: number;
  column: number;
  count: number;
  totalMs: number;
  /** The whole wait of the calls that completed, ms. */
  doneMs: number;
  calledFrom?: string;
}

export interface OffMainThread {
  /** Wall time of the windows that carried thread figures, ms. */
  wallMs: number;
  poolThreads: number;
  /** The pool's threads: ms on a CPU, ms ready and waiting for one. */
  poolRunMs: number;
  poolWaitMs: number;
  /**
   * Share of the window the pool's threads were occupied, 0..1 on average per thread: runnable (on a CPU or waiting
   * for one), or held by the calls the probe timed (poolHeld), whichever is more.
   */
  poolOccupied: number;
  /** The pool's threads held by the timed calls: their time from call to callback over the threads' time, at most 1. */
  poolHeld: number;
  /** The process's CPU that no live thread accounts for (threads that ended within the window: an addon's own), cores. */
  unlistedCores: number;
  /** Cores' worth of CPU: the pool's, the helpers' (GC, compiler), the rest (worker threads, addons' threads), the main thread's. */
  poolCores: number;
  helperCores: number;
  otherCores: number;
  mainCores: number;
  calls: PoolCallTotal[];
  /** Packages whose native addon the app loaded (from the start of the run, not only the measured window). */
  addons: string[];
}

/** undefined when the probe measured no thread figures (not Linux, or a session from before they existed). */
export function offMainThread(samples: readonly ProbeSample[], allSamples: readonly ProbeSample[] = samples): OffMainThread | undefined {
  const measured = samples.filter((s) => s.threads);
  if (!measured.length) return undefined;
  const wallMs = sum(measured.map((s) => s.threads!.spanMs ?? s.windowMs));
  if (wallMs <= 0) return undefined;
  const poolThreads = Math.max(...measured.map((s) => s.threads!.pool.threads));
  const poolRunMs = sum(measured.map((s) => s.threads!.pool.runMs));
  const poolWaitMs = sum(measured.map((s) => s.threads!.pool.waitMs));
  const byKey = new Map<string, PoolCallTotal>();
  for (const s of samples) {
    for (const c of s.poolCalls ?? []) {
      const key = `${c.api}|${c.url}|${c.line}|${c.column}`;
      const t = byKey.get(key) ?? { api: c.api, functionName: c.functionName, url: c.url, line: c.line, column: c.column, count: 0, totalMs: 0, doneMs: 0, ...(c.calledFrom ? { calledFrom: c.calledFrom } : {}) };
      t.count += c.count;
      t.totalMs += c.totalMs;
      t.doneMs += c.doneMs ?? c.totalMs;
      byKey.set(key, t);
    }
  }
  const addons = [...new Set(allSamples.flatMap((s) => s.addons ?? []))];
  // A call holds a pool thread from the moment one is free until its work ends, and queues before that: with calls in
  // flight at least as many as the threads, every thread is taken, whether the work runs on it (scrypt, bcrypt) or on
  // threads the addon starts and the pool thread waits for (argon2 with parallelism > 1), which no runnable time shows.
  const callsWallMs = sum(samples.map((s) => s.windowMs));
  const callsMs = sum(samples.flatMap((s) => (s.poolCalls ?? []).map((c) => c.totalMs)));
  const poolHeld = poolThreads > 0 && callsWallMs > 0 ? Math.min(1, callsMs / (poolThreads * callsWallMs)) : 0;
  const runnable = poolThreads > 0 ? Math.min(1, (poolRunMs + poolWaitMs) / (poolThreads * wallMs)) : 0;
  const processCores = sum(samples.map((s) => (s.cpu.user + s.cpu.system) * s.windowMs)) / Math.max(1, callsWallMs);
  const listedCores = sum(measured.map((s) => s.threads!.mainMs + s.threads!.pool.runMs + s.threads!.helpersMs + s.threads!.otherMs)) / wallMs;
  return {
    wallMs,
    poolThreads,
    poolRunMs,
    poolWaitMs,
    poolOccupied: Math.max(runnable, poolHeld),
    poolHeld,
    unlistedCores: Math.max(0, processCores - listedCores),
    poolCores: poolRunMs / wallMs,
    helperCores: sum(measured.map((s) => s.threads!.helpersMs)) / wallMs,
    otherCores: sum(measured.map((s) => s.threads!.otherMs)) / wallMs,
    mainCores: sum(measured.map((s) => s.threads!.mainMs)) / wallMs,
    calls: [...byKey.values()].sort((a, b) => b.totalMs - a.totalMs),
    addons,
  };
}

/** Native addons known to queue their work on the libuv threadpool, and what lowers that work. */
export const POOL_ADDONS: Record<string, string> = {
  bcrypt: 'a lower cost factor (salt rounds)',
  '@node-rs/bcrypt': 'a lower cost factor (salt rounds)',
  argon2: 'lower memoryCost and timeCost',
  '@node-rs/argon2': 'lower memoryCost and timeCost',
  sharp: 'smaller images or fewer operations per request',
  sqlite3: 'fewer or cheaper queries',
};

/** The requests' own timed pool calls (call to callback), in ms per request: 0 without requests. */
export function poolCallMsPerRequest(off: OffMainThread, requests: number): number {
  return requests > 0 ? sum(off.calls.map((c) => c.totalMs)) / requests : 0;
}

/** The pool's call sites as culprits: their calls' time from call to callback as a share of all request time. */
export function poolCallCulprits(off: OffMainThread, requestTimeMs: number, count: number): Culprit[] {
  const total = Math.max(1, requestTimeMs);
  return off.calls.slice(0, count).map((c) => {
    const share = Math.min(100, Math.round((1000 * c.totalMs) / total) / 10);
    const k = classifyFrame(c.functionName, c.url);
    return { functionName: c.functionName, url: c.url, line: c.line, column: c.column, selfPercent: share, totalPercent: share, category: k.category, ...(k.package ? { package: k.package } : {}), measure: 'io-wait', ...(c.calledFrom ? { calledFrom: c.calledFrom } : {}) };
  });
}
