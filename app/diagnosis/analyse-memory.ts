// Memory growth: the heap's floor rises steadily over the run (a leak, or a cache without bounds).
import type { Culprit, Evidence } from '../contract/diagnosis.js';
import { mb, named } from './format.js';
import type { AnalyserResult, DiagnosisInput, ScoredFinding } from './input.js';
import { round } from '../numbers.js';
import { chunks, kendallTau, theilSenSlope } from './stats.js';
import { thresholds as T } from './thresholds.js';

export function heapFloorTrend(input: DiagnosisInput): { floors: number[]; tau: number; growth: number; ratePerSec: number } {
  // The minimum of each segment is the heap after GC, give or take: it ignores the sawtooth of short-lived garbage.
  const segments = chunks(input.samples, T.memorySegments);
  const floors = segments.map((seg) => Math.min(...seg.map((s) => s.memory.heapUsed)));
  const times = segments.map((seg) => seg[Math.floor(seg.length / 2)]!.ts / 1000);
  const slope = theilSenSlope(times, floors);
  return { floors, tau: kendallTau(floors), growth: floors.length ? floors[floors.length - 1]! - floors[0]! : 0, ratePerSec: Number.isFinite(slope) ? slope : 0 };
}

export function analyseMemory(input: DiagnosisInput): AnalyserResult {
  if (input.memoryAfterLoad) return analyseRetained(input, input.memoryAfterLoad);
  return analyseFloorTrend(input);
}

function leakExplanation(input: DiagnosisInput, start: string): string {
  const top = input.heapCulprits?.[0];
  return (
    start +
    (top ? ` Most of the memory still alive at the end was allocated in ${named(top)}` : ' Re-run with the heap profile on to see where the kept memory is allocated.') +
    (top?.mayInclude?.length ? `, or in what it calls: ${top.mayInclude.map((f) => `${f.functionName} (line ${f.line})`).join(', ')} (V8 merges small functions into their callers).` : top ? '.' : '')
  );
}

/**
 * The decisive test: weigh the heap after a full GC at the start of the measured load and again after the load, once
 * queued requests drained. A leak keeps what it took; a backlog (thousands of queued requests) gives it back.
 */
function analyseRetained(input: DiagnosisInput, m: NonNullable<DiagnosisInput['memoryAfterLoad']>): AnalyserResult {
  const retained = m.afterBytes - m.beforeBytes;
  const rate = retained / Math.max(1, m.elapsedSec);
  const evidence: Evidence[] = [
    { label: 'Memory kept after the load (heap + external, after a full GC)', value: round(retained / 1048576, 2), unit: 'MB', series: 'memory.afterLoad', threshold: T.retainedProblemBytes / 1048576 },
    { label: 'Kept per second of load', value: round(rate / 1048576, 3), unit: 'MB/s', series: 'memory.afterLoad', threshold: T.retainedProblemRateBytesPerSec / 1048576 },
    { label: 'Highest heap used during the load', value: round(m.peakBytes / 1048576), unit: 'MB', series: 'memory.heapUsed' },
    { label: 'Waited for queued requests to finish', value: Math.round(m.drainMs), unit: 'ms', series: 'memory.afterLoad' },
  ];
  const filled = filledAtStart(input, m, rate);
  if (retained >= T.retainedProblemBytes && rate >= T.retainedProblemRateBytesPerSec && !filled) {
    return {
      findings: [
        {
          kind: 'memory-leak',
          severity: 'problem',
          title: 'Memory keeps growing',
          explanation: leakExplanation(
            input,
            `After the load stopped and a full garbage collection ran, the app still held ${mb(retained)} more than before it ` +
              `(${mb(rate)}/s of load, about ${mb(rate * 3600)} an hour): objects are being kept alive.`,
          ),
          evidence,
          culprits: (input.heapCulprits ?? []).slice(0, T.culpritCount),
          score: Math.min(retained / T.retainedProblemBytes, rate / T.retainedProblemRateBytesPerSec),
        },
      ],
    };
  }
  // After a fill, what the load kept as it ran is judged at the middle's own pace (the fill is said beside it).
  const slow = slowLeak(input, retained, filled ? filled.middleRate : rate, evidence);
  if (filled) return { findings: [...(slow?.severity === 'problem' ? [slow] : []), filledFinding(input, retained, filled, evidence), ...(slow && slow.severity !== 'problem' ? [slow] : [])] };
  if (slow) return { findings: [slow] };
  // The heap's floor (after GC, so not garbage) rose under load and was given back: queued requests, not a leak.
  // Worth saying when it was large.
  const floors = input.samples.length >= T.minSamples ? heapFloorTrend(input).floors : [];
  const floorPeak = floors.length ? Math.max(...floors) : 0;
  if (floorPeak - m.beforeBytes < T.memoryProblemGrowthBytes) return { findings: [] };
  return {
    findings: [
      {
        kind: 'memory-leak',
        severity: 'info',
        title: 'Memory rose under load and was given back',
        explanation:
          `The heap's floor rose to ${mb(floorPeak)} during the load and fell back to within ${mb(Math.max(0, retained))} of where it started once ` +
          'the load stopped: requests in flight (a backlog) held it, not a leak.',
        evidence,
        culprits: [],
        score: 0,
      },
    ],
  };
}

/**
 * Memory kept after the load but not kept as the load ran: the heap profile's survivors from the load's middle window
 * (between its 15 and 85 % marks) stand for less than the leak line's rate, so what was kept came when the load
 * arrived (a pool opening its connections, caches and lazy set-up filling) or is held at the very end. A leak keeps a
 * share of every request, the middle included. Judged with the same rate line (retainedProblemRateBytesPerSec), on the
 * window that tells a leak from a fill; undefined when the load was not marked or kept at the leak's pace.
 */
function filledAtStart(input: DiagnosisInput, m: NonNullable<DiagnosisInput['memoryAfterLoad']>, rate: number): { middleRate: number; startBytes: number } | undefined {
  const phases = input.heapKeptByPhase;
  if (!phases || rate < T.retainedProblemRateBytesPerSec) return undefined;
  const middleRate = phases.middleBytes / Math.max(0.001, phases.middleShareOfLoad * m.elapsedSec);
  return middleRate < T.retainedProblemRateBytesPerSec ? { middleRate, startBytes: phases.startBytes } : undefined;
}

function filledFinding(input: DiagnosisInput, retained: number, filled: { middleRate: number; startBytes: number }, evidence: Evidence[]): ScoredFinding {
  const connections = (input.samples.at(-1)?.db?.connections ?? []).reduce((n, c) => n + c.open, 0);
  const opened = input.samples[0]?.db ? Math.max(0, connections - input.samples[0].db.connections.reduce((n, c) => n + c.open, 0)) : 0;
  return {
    kind: 'memory-leak',
    severity: 'info',
    title: 'Memory kept when the load arrived, not as it ran',
    explanation:
      `After the load the app held ${mb(retained)} more than before it, but the load's middle kept only ${mb(filled.middleRate)}/s: ` +
      `the sampled survivors come from the load's first moments (${mb(filled.startBytes)}) and its end, not from all through it. ` +
      (opened > 0 ? `The app opened ${opened} more database connection${opened === 1 ? '' : 's'} during the run: a pool filling up to its size keeps memory this way. ` : '') +
      'A pool, a cache or lazy set-up filling once looks like this; a leak keeps a share of every request, the middle included.',
    evidence: [...evidence, { label: "Kept per second of the load's middle (heap profile)", value: round(filled.middleRate / 1048576, 3), unit: 'MB/s', series: 'profile', threshold: T.retainedProblemRateBytesPerSec / 1048576 }],
    culprits: (input.heapCulprits ?? []).slice(0, 1),
    score: 0,
  };
}

/** Without the inspector's GC: the floor of heapUsed must rise steadily over the run. */
function analyseFloorTrend(input: DiagnosisInput): AnalyserResult {
  if (input.samples.length < T.minSamples * 2) return { insufficient: 'the run is too short to see a memory trend' };
  const { floors, tau, growth, ratePerSec } = heapFloorTrend(input);
  if (tau < T.memoryTau || growth < T.memoryWarningGrowthBytes) return { findings: [] };
  const problem = growth >= T.memoryProblemGrowthBytes && ratePerSec >= T.memoryProblemRateBytesPerSec;
  const first = input.samples[0]!;
  const last = input.samples[input.samples.length - 1]!;
  const evidence: Evidence[] = [
    { label: 'Heap growth over the run (floor after GC)', value: round(growth / 1048576), unit: 'MB', series: 'memory.heapUsed', threshold: T.memoryProblemGrowthBytes / 1048576 },
    { label: 'Growth rate', value: round(ratePerSec / 1048576, 2), unit: 'MB/s', series: 'memory.heapUsed', threshold: T.memoryProblemRateBytesPerSec / 1048576 },
    { label: 'Steadiness of the rise (Kendall tau of segment floors)', value: round(tau, 2), unit: '', series: 'memory.heapUsed', threshold: T.memoryTau },
    { label: 'RSS at the end', value: round(last.memory.rss / 1048576), unit: 'MB', series: 'memory.rss' },
  ];
  return {
    findings: [
      {
        kind: 'memory-leak',
        severity: problem ? 'problem' : 'warning',
        title: 'Memory keeps growing',
        explanation: leakExplanation(
          input,
          `The heap's floor rose from ${mb(floors[0]!)} to ${mb(floors[floors.length - 1]!)} (${mb(ratePerSec)}/s) and never came ` +
            `back down over ${Math.round((last.ts - first.ts) / 100) / 10} s: objects are being kept alive.`,
        ),
        evidence,
        culprits: (input.heapCulprits ?? []).slice(0, T.culpritCount),
        score: Math.min(growth / T.memoryProblemGrowthBytes, ratePerSec / T.memoryProblemRateBytesPerSec),
      },
    ],
  };
}

/** The kept site's pace over the load (thresholds.ts slowLeakPace*): judged only with enough survivors to compare halves. */
function paceOf(site: { early: number; late: number; middleSamples: number }): 'same' | 'levelled' | 'unknown' {
  if (site.middleSamples < T.slowLeakPaceMinSamples || site.early === 0) return 'unknown';
  const ratio = site.late / site.early;
  if (ratio >= T.slowLeakSamePace && ratio <= 1 / T.slowLeakSamePace) return 'same';
  if (ratio < T.slowLeakLevelledPace) return 'levelled';
  return 'unknown';
}

/** How long until the app holds `target` more at `ratePerSec`, in the user's units. */
function timeUntil(target: number, ratePerSec: number): string {
  const hours = target / ratePerSec / 3600;
  if (hours < 1) return `about ${Math.max(1, Math.round(hours * 60))} minutes`;
  if (hours < 48) return `about ${Math.round(hours)} hours`;
  return `about ${Math.round(hours / 24)} days`;
}

/**
 * A leak too slow for the size lines: a little kept after the load's full GC, and an app line whose objects survive
 * from all through the load (not only its start, as a cache that filled; not only its end, as an LRU with churn).
 */
function slowLeak(input: DiagnosisInput, retained: number, rate: number, evidence: Evidence[]): ScoredFinding | undefined {
  const site = input.heapKeptThroughLoad?.[0];
  if (!site || retained < T.slowLeakMinBytes || rate < T.slowLeakMinRateBytesPerSec) return undefined;
  const file = (url: string) => url.replace(/^file:\/\//, '');
  const known = input.heapCulprits?.find((c) => file(c.url) === file(site.url) && c.line === site.line && c.functionName === site.functionName);
  const culprit: Culprit = known ?? { functionName: site.functionName, url: site.url, line: site.line, column: site.column, selfPercent: 0, totalPercent: 0, category: site.category, measure: 'allocation', ...(site.mayInclude && { mayInclude: site.mayInclude }) };
  const where = `${site.functionName} (${site.url.split('/').pop()}:${site.line})`;
  const keptEvidence: Evidence[] = [
    ...evidence,
    { label: `Objects from ${where} still alive, sampled from the middle of the load`, value: site.middleSamples, unit: 'samples', series: 'profile', threshold: T.slowLeakPaceMinSamples },
    { label: 'Of them from its second half, against its first', value: site.early > 0 ? round(site.late / site.early, 2) : 0, unit: 'x', series: 'profile', threshold: T.slowLeakSamePace },
  ];
  const pace = paceOf(site);
  const seconds = Math.round(input.memoryAfterLoad?.elapsedSec ?? 0);
  const mayInclude = culprit.mayInclude?.length ? ` The objects may be allocated in what it calls: ${culprit.mayInclude.map((f) => `${f.functionName} (line ${f.line})`).join(', ')} (V8 merges small functions into their callers).` : '';
  if (pace === 'same') {
    return {
      kind: 'memory-leak',
      severity: 'problem',
      title: 'Memory keeps growing',
      explanation:
        `After the load stopped and a full garbage collection ran, the app still held ${mb(retained)} more than before it: ` +
        `${mb(rate)} per second of load, kept at the same pace to the end. Objects allocated by ${where} survive from all ` +
        `through the ${seconds} s of load, about as many from its second half as from its first (${site.late} against ${site.early} sampled): ` +
        `a cache would have levelled off as its keys repeat; this kept a share of every request. At this pace the app holds 1 GB more after ${timeUntil(1024 * 1048576, rate)} of this load.` +
        mayInclude,
      evidence: keptEvidence,
      culprits: [culprit],
      score: Math.min(1, rate / T.retainedProblemRateBytesPerSec),
    };
  }
  if (pace === 'levelled') {
    return {
      kind: 'memory-leak',
      severity: 'info',
      title: 'Memory kept early in the load, then levelled off',
      explanation:
        `After the load the app held ${mb(retained)} more than before it, kept by ${where} in the first part of the load and ` +
        `hardly at all later (${site.late} sampled objects from the second half of its middle against ${site.early} from the first): ` +
        'a cache or table that filled as new keys arrived and stopped growing once they repeated, not a leak.',
      evidence: keptEvidence,
      culprits: [culprit],
      score: 0,
    };
  }
  return {
    kind: 'memory-leak',
    severity: 'warning',
    title: 'Memory kept through the load',
    // A leak and a cache still filling (a library's per-query cache, V8's own caches, a table keyed by every id seen)
    // look the same in a run of seconds: both keep a share of every request from start to end. Said as what was
    // seen and how to tell them apart, not as a leak.
    explanation:
      `After the load stopped and a full garbage collection ran, the app still held ${mb(retained)} more than before it: ` +
      `${mb(rate)} per second of load. Objects allocated by ${where} survive from the start, the middle and the end of ` +
      'the load alike. A leak (a store that keeps something of every request and never lets go) looks like this; so does ' +
      `a cache that is still filling. If it is a leak, at this pace the app holds 1 GB more after ${timeUntil(1024 * 1048576, rate)} of this load. ` +
      (site.middleSamples < T.slowLeakPaceMinSamples
        ? `Only ${site.middleSamples} of its objects were sampled from the middle of the load, too few to compare its halves: a longer run (\`--duration ${T.slowLeakSettlingRunSec}\`) tells them apart, a cache levels off, a leak keeps the same pace.`
        : `Its second half kept ${site.late} sampled objects against ${site.early} in its first: neither the same pace nor levelled off; a longer run (\`--duration ${T.slowLeakSettlingRunSec}\`) tells them apart.`) +
      mayInclude,
    evidence: keptEvidence,
    culprits: [culprit],
    settledBySec: T.slowLeakSettlingRunSec,
    score: Math.min(1, rate / T.retainedProblemRateBytesPerSec),
  };
}
