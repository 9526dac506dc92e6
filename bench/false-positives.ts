// How often does a comparison call a difference real when nothing changed? Pairs of runs of the same unchanged app
// (the healthy lab) are compared; every "significant" figure is a false positive. Run for single runs and, with
// --fp-repeat N, for runs measured N times each. With --hog, a process burning one core runs during the second run of
// every pair only: the busy machine a developer's laptop is, and the test must not call its effect a change.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../app/engine/engine.js';
import { compareRefs } from '../app/engine/compare-refs.js';
import { getLab } from '../app/labs/catalogue.js';

export interface FalsePositiveOptions {
  pairs?: number;
  lab?: string;
  durationSec?: number;
  repeats?: number;
  /** Burn one core during the second run of each pair. */
  hog?: boolean;
  log?: (line: string) => void;
}

export interface FalsePositiveResult {
  lab: string;
  pairs: number;
  durationSec: number;
  repeats: number;
  hog: boolean;
  /** Other programs' use of the machine during each run, cores: [first, second] per pair. */
  otherCores: Array<[number | undefined, number | undefined]>;
  /** Per figure: how many pairs were called significantly different. */
  falsePositives: Record<string, number>;
  /** The requests/s change of each pair, %. */
  rpsChanges: number[];
  rpsPValues: number[];
}

export async function benchFalsePositives(opts: FalsePositiveOptions = {}): Promise<FalsePositiveResult> {
  const o = { pairs: 10, lab: 'healthy', durationSec: 5, repeats: 1, hog: false, log: () => undefined, ...opts };
  const engine = new Engine({ sessionsDir: mkdtempSync(join(tmpdir(), 'checkup-fp-')) });
  const load = { ...getLab(o.lab).recipe.load, durationSec: o.durationSec, warmupSec: 1 };
  const run = async () => {
    const started = await engine.startRun({ recipe: { target: { kind: 'lab', lab: o.lab, variant: 'slow' }, load, repeats: o.repeats } });
    const outcome = await engine.registry.runOutcome(started.runId);
    if (outcome.error) throw outcome.error;
    return outcome.sessionId;
  };
  const falsePositives: Record<string, number> = {};
  const rpsChanges: number[] = [];
  const rpsPValues: number[] = [];
  const otherCores: FalsePositiveResult['otherCores'] = [];
  for (let i = 0; i < o.pairs; i++) {
    const a = await run();
    const hog = o.hog ? burnOneCore() : undefined;
    let b: string;
    try {
      b = await run();
    } finally {
      hog?.kill('SIGKILL');
    }
    const c = await compareRefs(a, b, engine.sessionsDir);
    const [da, db] = await Promise.all([engine.getSession({ id: a }), engine.getSession({ id: b })]);
    otherCores.push([da.session.machine?.otherCores, db.session.machine?.otherCores]);
    for (const f of c.figures) {
      if (f.test) falsePositives[f.key] = (falsePositives[f.key] ?? 0) + (f.significant ? 1 : 0);
      if (f.key === 'requestsPerSecond') {
        rpsChanges.push(Math.round(f.changePercent * 10) / 10);
        rpsPValues.push(f.test ? Number(f.test.p.toPrecision(2)) : NaN);
      }
    }
    const rps = c.figures.find((f) => f.key === 'requestsPerSecond');
    o.log(`pair ${i + 1}/${o.pairs} (other programs: ${otherCores.at(-1)!.join(' → ')} cores): requests/s ${rps ? `${rps.changePercent.toFixed(1)} %, p=${rps.test?.p.toPrecision(2)}, ${rps.significant ? 'SIGNIFICANT' : 'not significant'}` : 'n/a'}`);
  }
  return { lab: o.lab, pairs: o.pairs, durationSec: o.durationSec, repeats: o.repeats, hog: o.hog, otherCores, falsePositives, rpsChanges, rpsPValues };
}

/** A child process that keeps one core busy until it is killed. */
function burnOneCore(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

export function formatFalsePositives(r: FalsePositiveResult): string {
  const rate = (k: string) => `${r.falsePositives[k] ?? 0}/${r.pairs}`;
  return [
    `False positives: ${r.pairs} pairs of runs of the unchanged "${r.lab}" lab, ${r.durationSec} s each${r.repeats > 1 ? `, measured ${r.repeats} times per run` : ', single runs'}${r.hog ? ', a process burning one core during the second run of each pair' : ''}`,
    `  requests/s called significant: ${rate('requestsPerSecond')}   (changes: ${r.rpsChanges.join(', ')} %)`,
    `  latency p99: ${rate('latencyP99')}, p50: ${rate('latencyP50')}, event-loop delay p99: ${rate('delayP99')}, CPU: ${rate('cpu')}, CPU per request: ${rate('cpuPerRequest')}, GC: ${rate('gcShare')}`,
    `  other programs' use of the machine, cores (first → second run): ${r.otherCores.map(([a, b]) => `${a ?? '?'}→${b ?? '?'}`).join(', ')}`,
  ].join('\n');
}
