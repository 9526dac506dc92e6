// How often does an interleaved A/B comparison (`checkup run --ab`) call a difference real when nothing changed? The
// healthy lab is committed in a fresh git repository and edited by whitespace only; each comparison runs the commit
// and the working tree alternately, A B A B ..., `pairs` pairs, and every "significant" figure is a false positive.
// With --hog, a process burning one core runs during every B run only: the worst drift for a paired design, since it
// never falls on both runs of a pair.
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineEvent } from '../app/contract/api.js';
import { Engine } from '../app/engine/engine.js';
import { getLab, labScript } from '../app/labs/catalogue.js';

export interface AbFalsePositiveOptions {
  comparisons?: number;
  pairs?: number;
  lab?: string;
  durationSec?: number;
  /** Burn one core during every after (B) run. */
  hog?: boolean;
  log?: (line: string) => void;
}

export interface AbFalsePositiveResult {
  lab: string;
  comparisons: number;
  pairs: number;
  durationSec: number;
  hog: boolean;
  /** Per figure: how many comparisons called it significantly different. */
  falsePositives: Record<string, number>;
  rpsChanges: number[];
  rpsPValues: number[];
}

function git(dir: string, args: string[]): void {
  execFileSync('git', args, { cwd: dir, stdio: 'ignore', env: { ...process.env, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.test', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.test' } });
}

/** The lab's code committed, then a whitespace-only edit: the same program on both sides. */
function unchangedProject(lab: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-ab-fp-project-'));
  const code = readFileSync(labScript(lab, 'slow'), 'utf8');
  writeFileSync(join(dir, 'server.js'), code);
  git(dir, ['init', '-q']);
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'unchanged']);
  writeFileSync(join(dir, 'server.js'), code + '\n\n');
  return dir;
}

/** A child process that keeps one core busy until it is killed. */
function burnOneCore(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

export async function benchAbFalsePositives(opts: AbFalsePositiveOptions = {}): Promise<AbFalsePositiveResult> {
  const o = { comparisons: 20, pairs: 3, lab: 'healthy', durationSec: 5, hog: false, log: () => undefined, ...opts };
  const project = unchangedProject(o.lab);
  const sessionsDir = mkdtempSync(join(tmpdir(), 'checkup-ab-fp-'));
  const engine = new Engine({ sessionsDir });
  const recipe = {
    target: { kind: 'script' as const, script: join(project, 'server.js'), cwd: project, env: { PORT: '0' } },
    load: { ...getLab(o.lab).recipe.load, durationSec: o.durationSec, warmupSec: 1 },
  };
  let hog: ChildProcess | undefined;
  let hogRun: string | undefined;
  let finished: ((e: Extract<EngineEvent, { type: 'ab-finished' }>) => void) | undefined;
  engine.onEvent((e) => {
    if (o.hog && e.type === 'ab-progress' && e.side === 'after') {
      hog = burnOneCore();
      hogRun = e.runId;
    } else if (e.type === 'run-finished' && e.runId === hogRun) {
      hog?.kill('SIGKILL');
      hog = hogRun = undefined;
    } else if (e.type === 'ab-finished') finished?.(e);
  });

  const falsePositives: Record<string, number> = {};
  const rpsChanges: number[] = [];
  const rpsPValues: number[] = [];
  try {
    for (let i = 0; i < o.comparisons; i++) {
      const end = new Promise<Extract<EngineEvent, { type: 'ab-finished' }>>((resolve) => (finished = resolve));
      await engine.runAgainstCommit({ recipe, pairs: o.pairs });
      const e = await end;
      if (e.error || !e.before || !e.after) throw new Error(`comparison ${i + 1} failed: ${e.error?.message ?? 'no complete pair'}`);
      const c = await engine.compareSessions({ before: e.before, after: e.after });
      for (const f of c.figures) if (f.test) falsePositives[f.key] = (falsePositives[f.key] ?? 0) + (f.significant ? 1 : 0);
      const rps = c.figures.find((f) => f.key === 'requestsPerSecond');
      if (rps) {
        rpsChanges.push(Math.round(rps.changePercent * 10) / 10);
        rpsPValues.push(rps.test ? Number(rps.test.p.toPrecision(2)) : NaN);
      }
      const pairs = c.interleaved?.pairs.map((p) => `${Math.round(p.requestsPerSecond[0])}→${Math.round(p.requestsPerSecond[1])}`).join(', ');
      o.log(`comparison ${i + 1}/${o.comparisons} (${pairs} req/s): requests/s ${rps ? `${rps.changePercent.toFixed(1)} %, p=${rps.test?.p.toPrecision(2)}, ${rps.significant ? 'SIGNIFICANT' : 'not significant'}` : 'n/a'}`);
    }
  } finally {
    hog?.kill('SIGKILL');
    await engine.close();
    rmSync(project, { recursive: true, force: true });
    rmSync(sessionsDir, { recursive: true, force: true });
  }
  return { lab: o.lab, comparisons: o.comparisons, pairs: o.pairs, durationSec: o.durationSec, hog: o.hog, falsePositives, rpsChanges, rpsPValues };
}

export function formatAbFalsePositives(r: AbFalsePositiveResult): string {
  const rate = (k: string) => `${r.falsePositives[k] ?? 0}/${r.comparisons}`;
  return [
    `False positives of interleaved A/B (--ab): ${r.comparisons} comparisons of the unchanged "${r.lab}" lab (a whitespace edit against its commit), ${r.pairs} pairs each, ${r.durationSec} s per run${r.hog ? ', a process burning one core during every after (B) run' : ''}`,
    `  requests/s called significant: ${rate('requestsPerSecond')}   (changes: ${r.rpsChanges.join(', ')} %; p: ${r.rpsPValues.join(', ')})`,
    `  latency p99: ${rate('latencyP99')}, p50: ${rate('latencyP50')}, event-loop delay p99: ${rate('delayP99')}, CPU: ${rate('cpu')}, CPU per request: ${rate('cpuPerRequest')}, GC: ${rate('gcShare')}`,
  ].join('\n');
}
