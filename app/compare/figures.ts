// Figure by figure: requests/s, latency, event-loop delay, CPU, GC, memory and errors before and after, each with
// its change and, where the data allows, a significance test.
import type { FigureComparison, SignificanceTest } from '../contract/compare.js';
import type { SessionDetail } from '../contract/session.js';
import { ALPHA, MIN_REPEATS, REPEATED_MIN_EFFECT, SINGLE_RUN_MIN_EFFECT } from './thresholds.js';
import { DEFAULT_RUN_SIGMA, type NoiseFigure, type RunNoise } from './run-noise.js';
import { compareFigure, type Untested } from './significance.js';
import { MACHINE_NOTICE } from '../contract/words.js';
import { mean } from '../numbers.js';
import { appOwnDelay } from '../diagnosis/cpu-wait.js';
import { loopDelay } from '../diagnosis/loop-delay.js';
import { studentQuantile, studentTwoSidedP, variance, welchTest } from './stats.js';

interface Samples {
  /** One value per independent run, when the session has repeats. */
  runs?: number[];
  /** Values within the (first) run: per second or per probe window. */
  within: number[];
  /** The figure as reported for the session. */
  value: number;
}

type Extract = (d: SessionDetail) => Samples | undefined;

/** The measured window, as the engine cut it for every reader (app/contract/measured-window.ts). */
const measured = (d: SessionDetail) => d.measured.samples;

const repeatsOf = (d: SessionDetail) => (d.load?.repeats && d.load.repeats.length >= MIN_REPEATS ? d.load.repeats : undefined);
const measureTicks = (d: SessionDetail) => d.measured.ticks.filter((t) => t.requests > 0);

/**
 * How a figure of single runs is tested: against the run-to-run noise (run-noise.ts), for the figures repeated runs
 * measure; with a minimum effect, for the per-window figures; not at all without either (one value per run).
 */
interface Extractor {
  label: string;
  unit: string;
  better: 'higher' | 'lower';
  /** Tested against run-to-run noise; `zeroAs` is the value a zero takes on the log scale (none: zeros are dropped). */
  runNoise?: { zeroAs?: number };
  minEffect?: number;
  /** What the values within a run are, to say why there were too few of them. */
  values?: string;
  /** The process's own CPU: not judged for single runs whose machines were busy to different degrees. */
  movesWithMachine?: boolean;
  get: Extract;
}

const extractors: Record<string, Extractor> = {
  requestsPerSecond: {
    // A second without a completed request counts as half a request, so that a stalled server's zero has a log.
    label: 'Requests per second', unit: 'req/s', better: 'higher', runNoise: { zeroAs: 0.5 }, values: 'seconds',
    get: (d) => d.load && { value: d.load.requestsPerSecond, within: d.load.requestsPerSecondSeries, ...(repeatsOf(d) ? { runs: repeatsOf(d)!.map((r) => r.requestsPerSecond) } : {}) },
  },
  latencyP50: {
    label: 'Latency p50', unit: 'ms', better: 'lower', runNoise: {}, values: 'seconds with responses',
    get: (d) => d.load && { value: d.load.latency.p50, within: measureTicks(d).map((t) => t.latencyP50), ...(repeatsOf(d) ? { runs: repeatsOf(d)!.map((r) => r.latency.p50) } : {}) },
  },
  latencyP99: {
    label: 'Latency p99', unit: 'ms', better: 'lower', runNoise: {}, values: 'seconds with responses',
    get: (d) => d.load && { value: d.load.latency.p99, within: measureTicks(d).map((t) => t.latencyP99), ...(repeatsOf(d) ? { runs: repeatsOf(d)!.map((r) => r.latency.p99) } : {}) },
  },
  latencyMax: {
    label: 'Latency max', unit: 'ms', better: 'lower',
    get: (d) => d.load && { value: d.load.latency.max, within: [] },
  },
  delayP99: {
    label: 'Event-loop delay p99', unit: 'ms', better: 'lower', minEffect: SINGLE_RUN_MIN_EFFECT.delay, values: 'probe windows',
    // The diagnosis's own figure (the median window, the machine's wait taken off), so that both screens say one
    // number; the windows tested are those the doctor read.
    get: (d) => {
      const w = measured(d).map((s) => appOwnDelay(s).p99);
      return w.length ? { value: d.diagnosis?.figures?.delayP99Ms ?? loopDelay(measured(d)).p99, within: w } : undefined;
    },
  },
  cpu: {
    label: 'CPU (share of one core)', unit: '%', better: 'lower', minEffect: SINGLE_RUN_MIN_EFFECT.cpu, values: 'probe windows', movesWithMachine: true,
    get: (d) => {
      const w = measured(d).map((s) => 100 * (s.cpu.user + s.cpu.system));
      return w.length ? { value: mean(w), within: w } : undefined;
    },
  },
  cpuPerRequest: {
    // The target's own CPU per request it completed, per probe window (probe 2 counts requests per window): what a
    // request costs. Like requests/s it varies between runs more than within one (a fresh JIT), so single runs are
    // tested against the run-to-run variation; a machine busy to a different degree moves it too (shared cores).
    label: 'CPU per request', unit: 'µs', better: 'lower', runNoise: {}, values: 'probe windows with requests', movesWithMachine: true,
    get: (d) => {
      const w = measured(d).filter((s) => s.routes?.length);
      const perWindow = w.map((s) => ({ cpuUs: (s.cpu.user + s.cpu.system) * s.windowMs * 1000, requests: s.routes!.reduce((n, r) => n + r.count, 0) })).filter((x) => x.requests > 0);
      if (!perWindow.length) return undefined;
      const total = perWindow.reduce((t, x) => ({ cpuUs: t.cpuUs + x.cpuUs, requests: t.requests + x.requests }), { cpuUs: 0, requests: 0 });
      return { value: total.cpuUs / total.requests, within: perWindow.map((x) => x.cpuUs / x.requests) };
    },
  },
  gcShare: {
    label: 'Time in GC pauses', unit: '%', better: 'lower', minEffect: SINGLE_RUN_MIN_EFFECT.gc, values: 'probe windows',
    get: (d) => {
      const w = measured(d).map((s) => (100 * s.gc.totalMs) / Math.max(1, s.windowMs));
      return w.length ? { value: mean(w), within: w } : undefined;
    },
  },
  heapUsedMax: {
    label: 'Heap used (peak)', unit: 'MB', better: 'lower',
    get: (d) => {
      const w = measured(d).map((s) => s.memory.heapUsed / 1048576);
      return w.length ? { value: Math.max(...w), within: [] } : undefined;
    },
  },
  rssMax: {
    label: 'RSS (peak)', unit: 'MB', better: 'lower',
    get: (d) => {
      const w = measured(d).map((s) => s.memory.rss / 1048576);
      return w.length ? { value: Math.max(...w), within: [] } : undefined;
    },
  },
  failed: {
    label: 'Failed requests', unit: 'requests', better: 'lower',
    get: (d) => d.load && { value: d.load.errors + d.load.timeouts + d.load.non2xx, within: [] },
  },
};

/**
 * Welch's test, on the log scale when every value is positive: throughput and latency change by factors (a fix makes
 * things 2x or 100x faster) and their spread grows with their level, so logs make the variances comparable and the
 * interval is one for the ratio, which is what we report. With a zero among the values, the plain scale.
 */
export function welch(a: number[], b: number[]): { p: number; ci?: [number, number]; scale: string } | undefined {
  const positive = [...a, ...b].every((v) => v > 0);
  if (!positive) {
    const r = welchTest(a, b, ALPHA);
    return r && { p: r.p, ...(r.ratioCi ? { ci: r.ratioCi } : {}), scale: '' };
  }
  const r = welchTest(a.map(Math.log), b.map(Math.log), ALPHA);
  if (!r) return undefined;
  const q = studentQuantile(ALPHA, r.df);
  const se = Math.abs(r.t) > 0 ? Math.abs(r.meanB - r.meanA) / Math.abs(r.t) : 0;
  const d = r.meanB - r.meanA;
  return { p: r.p, ci: [Math.exp(d - q * se), Math.exp(d + q * se)], scale: ' of logs' };
}

/**
 * Single runs, for figures whose run-to-run variation we know (measured from repeated sessions, or the default): a
 * z-test on ln(value) whose variance is the two runs' within-run variances plus twice the run-to-run variance.
 * Latency has no floor for zeros: its seconds without responses are not samples (measureTicks drops them), and a floor
 * would squash sub-millisecond latencies together.
 */
function singleRunTest(a: number[], b: number[], noise: RunNoise, zeroAs: number | undefined, values: string, contention: Contention | undefined): SignificanceTest | Untested {
  const logs = (values: number[]) => (zeroAs === undefined ? values.filter((v) => v > 0) : values.map((v) => Math.max(v, zeroAs))).map(Math.log);
  const la = logs(a);
  const lb = logs(b);
  if (la.length < 2 || lb.length < 2) return { verdict: 'too-few-values', values, n: [la.length, lb.length] };
  const d = mean(lb) - mean(la);
  const sigmaBusy = contention ? contentionSigma(contention) : 0;
  const se = Math.sqrt(variance(la) / la.length + variance(lb) / lb.length + 2 * noise.sigma ** 2 + sigmaBusy ** 2);
  const z = d / se;
  const q = studentQuantile(ALPHA, 1e6);
  const origin = noise.runs ? `measured from ${noise.runs} repeated runs on this machine` : 'the default; repeated runs (--repeat) measure yours';
  const busy = sigmaBusy > 0 ? `, and other programs' use of the machine differing by ${contention!.delta.toFixed(1)} cores between the runs (up to ×${Math.exp(sigmaBusy).toFixed(1)})` : '';
  return {
    method: `single runs: per-second values plus run-to-run variation of ${Math.round(noise.sigma * 100)} % per run (${origin})${busy}`,
    p: studentTwoSidedP(z, 1e6),
    ci: [Math.exp(d - q * se), Math.exp(d + q * se)],
    n: [la.length, lb.length],
    minimumEffect: 0,
  };
}

/** How much more of the machine other programs used in one run than in the other, in cores. */
interface Contention {
  delta: number;
  cores: number;
  /** Before and after. */
  otherCores: [number, number];
}

/**
 * The spread a difference in contention adds to a single-run comparison, on the log scale. A CPU-bound server that
 * loses Δ of n cores to other programs can slow by up to n / (n − Δ) (a whole core on a 2-core machine: half the
 * throughput); that factor's log counts as one more standard deviation. Δ is capped at n − 0.5 cores.
 */
function contentionSigma(c: Contention): number {
  const delta = Math.min(c.delta, c.cores - 0.5);
  return delta > 0 ? Math.log(c.cores / (c.cores - delta)) : 0;
}

function contentionOf(before: SessionDetail, after: SessionDetail): Contention | undefined {
  const a = before.session.machine;
  const b = after.session.machine;
  if (!a || !b) return undefined;
  return { delta: Math.abs(a.otherCores - b.otherCores), cores: Math.max(a.cores, b.cores), otherCores: [a.otherCores, b.otherCores] };
}

function test(x: Extractor, a: Samples, b: Samples, noise: RunNoise | undefined, contention: Contention | undefined): SignificanceTest | Untested {
  if (x.movesWithMachine && !(a.runs && b.runs) && contention && contention.delta >= MACHINE_NOTICE.otherCores) {
    return { verdict: 'machine-differs', otherCores: contention.otherCores };
  }
  if (a.runs && b.runs) {
    const r = welch(a.runs, b.runs);
    if (r) return { method: `Welch t-test${r.scale} on ${a.runs.length} vs ${b.runs.length} separate runs`, p: r.p, ...(r.ci ? { ci: r.ci } : {}), n: [a.runs.length, b.runs.length], minimumEffect: REPEATED_MIN_EFFECT };
  }
  const values = x.values ?? 'values';
  if (x.runNoise) return singleRunTest(a.within, b.within, noise ?? { sigma: DEFAULT_RUN_SIGMA, runs: 0 }, x.runNoise.zeroAs, values, contention);
  const minEffect = x.minEffect;
  if (minEffect === undefined) return { verdict: 'no-spread' };
  const r = welch(a.within, b.within);
  if (!r) return { verdict: 'too-few-values', values, n: [a.within.length, b.within.length] };
  return {
    method: `Welch t-test${r.scale} on per-second or per-window values of single runs (changes under ${Math.round(minEffect * 100)} % are treated as run-to-run noise; --repeat 3 gives a stronger test)`,
    p: r.p,
    ...(r.ci ? { ci: r.ci } : {}),
    n: [a.within.length, b.within.length],
    minimumEffect: minEffect,
  };
}

/** Each figure of one session as it reports it, in the comparison's order (paired.ts tests these pair by pair). */
export function figureValues(d: SessionDetail): Array<{ key: string; label: string; unit: string; better: 'higher' | 'lower'; value: number; movesWithMachine: boolean }> {
  const out = [];
  for (const [key, x] of Object.entries(extractors)) {
    const v = x.get(d);
    if (v && Number.isFinite(v.value)) out.push({ key, label: x.label, unit: x.unit, better: x.better, value: v.value, movesWithMachine: Boolean(x.movesWithMachine) });
  }
  return out;
}

export function compareFigures(before: SessionDetail, after: SessionDetail, noise: Partial<Record<NoiseFigure, RunNoise>> = {}): FigureComparison[] {
  const out: FigureComparison[] = [];
  const contention = contentionOf(before, after);
  for (const [key, x] of Object.entries(extractors)) {
    const a = x.get(before);
    const b = x.get(after);
    if (!a || !b || !Number.isFinite(a.value) || !Number.isFinite(b.value)) continue;
    const ratio = a.value === 0 ? (b.value === 0 ? 1 : Infinity) : b.value / a.value;
    out.push(compareFigure({ key, label: x.label, unit: x.unit, better: x.better }, a.value, b.value, ratio, test(x, a, b, noise[key as NoiseFigure], contention)));
  }
  return out;
}
