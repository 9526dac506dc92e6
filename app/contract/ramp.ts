// A stepped ramp: the same load at rising fixed rates, one step after another in one app process, to find the knee,
// the rate at which p99 latency or the share of failed requests crosses a line the user gives.
import { z } from 'zod';

export const RampSpecSchema = z
  .object({
    /** First rate, requests per second across all connections. */
    from: z.number().int().min(1).max(1_000_000),
    /** Last rate, included when the steps land on it. */
    to: z.number().int().min(1).max(1_000_000),
    /** Rate added at each step. */
    step: z.number().int().min(1).max(1_000_000),
    /** Seconds measured at each rate. */
    stepSec: z.number().int().min(1).max(600).default(5),
    /** The line for p99 latency, ms. */
    p99Ms: z.number().positive().max(600_000).optional(),
    /** The line for failed requests (errors, timeouts, non-2xx), percent of those sent. */
    errorPercent: z.number().min(0).max(100).optional(),
  })
  .strict()
  .refine((r) => r.to >= r.from, { message: 'the last rate (to) must not be below the first (from)', path: ['to'] })
  .refine((r) => r.p99Ms !== undefined || r.errorPercent !== undefined, { message: 'give a line to cross: p99 latency (ms) or failed requests (%)', path: ['p99Ms'] })
  .refine((r) => Math.floor((r.to - r.from) / r.step) + 1 <= 50, { message: 'at most 50 steps: raise the step', path: ['step'] });
export type RampSpec = z.infer<typeof RampSpecSchema>;

export interface RampStep {
  /** The rate asked for. */
  rate: number;
  /** What the app served, requests per second. */
  achievedRps: number;
  p99Ms: number;
  /** Errors, timeouts and non-2xx answers, percent of the requests completed or failed. */
  failedPercent: number;
  /** Which line this step crossed, if any: the user's p99 or failed line, or the app served under 90 % of the rate. */
  crossed?: 'p99' | 'errors' | 'throughput';
}

export interface RampResult {
  spec: RampSpec;
  steps: RampStep[];
  /** The first step that crossed a line, and the last rate below it; absent when no step crossed. */
  knee?: { rate: number; lastGoodRate?: number; crossed: 'p99' | 'errors' | 'throughput' };
  /** One sentence: where the knee is, or that there was none up to the last rate. */
  verdict: string;
}

/** What rampLoad answers: the result and the session that keeps it (ramp.json). */
export interface RampRun extends RampResult {
  sessionId: string;
}

/** A ramp session read back (getRamp), for the faces. */
export interface RampDetail {
  id: string;
  name: string;
  project: string;
  createdAt: string;
  status: 'running' | 'complete' | 'partial';
  /** Why it ended early, in words. */
  partialMessage?: string;
  /** Absent when the ramp ended before its first step (a refused login). */
  ramp?: RampResult;
}
