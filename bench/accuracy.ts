// `npm run bench -- --only accuracy`: the whole corpus on every Node available (this machine's, 22 and 24 from npm),
// at each case's own load and at the default load, optionally with a third process burning one core. Prints a
// confusion matrix (expected kind x verdict), the culprit hit rate, and the held-out set (the newest round) and the earlier held-out sets (seen while tuning) apart from the tuning set.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../app/engine/engine.js';
import { getLab } from '../app/labs/catalogue.js';
import { flips, wilsonInterval } from './accuracy-record.js';
import { CORPUS_SETS, HELD_OUT_ROUND, loadCorpus, nodeBinaries, runCase, setOf, unsupportedOn, type CaseResult, type CorpusCase, type CorpusSet, type LoadChoice } from './corpus.js';

export interface AccuracyOptions {
  splits: CorpusSet[];
  loads: LoadChoice[];
  /** Node labels to run on ('node (PATH)', 'node 22', 'node 24'); default all found. */
  nodes?: string[];
  cases?: string[];
  /** Runs of each case per Node and load (the flip rate needs 2 or more; a kept record uses 3). */
  repeat?: number;
  hog: boolean;
  log: (line: string) => void;
}

/** A process that burns one core for as long as it lives: the machine's "other tenant". */
function startHog(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
}

export async function benchAccuracy(o: AccuracyOptions): Promise<{ cases: CorpusCase[]; results: CaseResult[]; skipped: string[] }> {
  const cases = loadCorpus().filter((c) => o.splits.includes(setOf(c)) && (!o.cases || o.cases.includes(c.name)));
  const nodes = nodeBinaries().filter((n) => !o.nodes || o.nodes.some((want) => n.label.includes(want)));
  const sessionsDir = mkdtempSync(join(tmpdir(), 'checkup-accuracy-'));
  // Kept: `node out/bench/rejudge.js <folder>` judges these runs again with a changed doctor.
  o.log(`sessions kept in ${sessionsDir}`);
  const engine = new Engine({ sessionsDir });
  const hog = o.hog ? startHog() : undefined;
  const results: CaseResult[] = [];
  const skipped: string[] = [];
  const repeat = Math.max(1, o.repeat ?? 1);
  try {
    // Repetitions outermost: the runs of one case are a whole pass apart, so they sample the machine at different times.
    for (let rep = 1; rep <= repeat; rep++) {
      for (const node of nodes) {
        for (const load of o.loads) {
          for (const c of cases) {
            const why = unsupportedOn(c, node.major);
            if (why) {
              if (rep === 1) skipped.push(`${c.name} on ${node.label}, ${load} load: not run (${why})`);
              continue;
            }
            const r = await runCase(engine, c, { ...(node.path ? { node: node.path } : {}), nodeLabel: node.label, load, ...(repeat > 1 ? { repeat: rep } : {}) });
            results.push(r);
            o.log(
              `${r.verdictRight ? 'ok  ' : 'MISS'} ${repeat > 1 ? `#${rep} ` : ''}${node.label.padEnd(11)} ${load.padEnd(7)} ${setOf(c).padEnd(13)} ${c.name.padEnd(34)} expected ${r.expected.padEnd(18)} got ${r.verdict.padEnd(18)}` +
                (r.culpritRight === false ? ` culprit MISS [${r.topCulprits.join(', ')}]` : r.culpritRight ? ' culprit ok' : '') +
                (r.error ? ` (${r.error.slice(0, 120)})` : ''),
            );
          }
        }
      }
    }
  } finally {
    hog?.kill('SIGKILL');
  }
  return { cases, results, skipped };
}

function matrix(results: CaseResult[]): string[] {
  const expected = [...new Set(results.map((r) => r.expected))].sort();
  const got = [...new Set([...expected, ...results.map((r) => r.verdict)])].sort();
  const width = Math.max(...expected.map((e) => e.length), 8) + 2;
  const lines = ['expected \\ verdict'.padEnd(width) + got.map((g) => g.slice(0, 10).padStart(11)).join('')];
  for (const e of expected) {
    lines.push(e.padEnd(width) + got.map((g) => String(results.filter((r) => r.expected === e && r.verdict === g).length || '.').padStart(11)).join(''));
  }
  return lines;
}

const SET_TITLES: Record<CorpusSet, string> = {
  tuning: 'tuning set',
  'seen-held-out': 'held-out sets of rounds 1 and 2 (seen while tuning, tuned on since)',
  'held-out': `HELD-OUT set (round ${HELD_OUT_ROUND}, never tuned on)`,
};

function rate(n: number, d: number): string {
  return d ? `${n}/${d} (${((100 * n) / d).toFixed(1)} %)` : 'n/a';
}

export function formatAccuracy({ results, skipped }: { results: CaseResult[]; skipped: string[] }, hog: boolean): string {
  const out = [`Doctor accuracy on the corpus (test/corpus)${hog ? ', with a third process burning one core' : ''}`];
  if (skipped.length) out.push(`not run: ${skipped.length} case runs (${[...new Set(skipped.map((s) => s.replace(/^.*\(/, '(')))].join('; ')})`);
  const groups = [...new Set(results.map((r) => `${r.node}|${r.load}`))];
  for (const split of CORPUS_SETS) {
    for (const g of groups) {
      const [node, load] = g.split('|');
      const rs = results.filter((r) => r.set === split && r.node === node && r.load === load);
      if (!rs.length) continue;
      const versions = [...new Set(rs.map((r) => r.nodeVersion).filter(Boolean))].join(', ');
      const withCulprit = rs.filter((r) => r.culpritRight !== undefined);
      const hits = rs.filter((r) => r.verdictRight).length;
      const ci = wilsonInterval(hits, rs.length);
      const f = flips(rs);
      out.push(
        '',
        `${SET_TITLES[split]}, ${node}${versions ? ` (${versions})` : ''}, ${load} load: verdicts ${rate(hits, rs.length)} [95 % interval ${(100 * ci.low).toFixed(1)}-${(100 * ci.high).toFixed(1)} %], culprits ${rate(withCulprit.filter((r) => r.culpritRight).length, withCulprit.length)}` +
          (f.repeated ? `, flip rate ${f.flipping.length}/${f.repeated}${f.flipping.length ? ` (${f.flipping.map((k) => k.split(' on ')[0]).join(', ')})` : ''}` : ''),
      );
      out.push(...matrix(rs).map((l) => '  ' + l));
      const misses = rs.filter((r) => !r.verdictRight || r.culpritRight === false);
      for (const m of misses) out.push(`  miss: ${m.name}: expected ${m.expected}, got ${m.verdict}${m.culpritRight === false ? ` (culprits ${m.topCulprits.join(', ')})` : ''}`);
    }
  }
  return out.join('\n');
}

/** The blocking lab's top culprit over `runs` runs on each Node: attribution must not follow V8's inlining around. */
export async function benchCulpritStability(o: { runs: number; nodes?: string[]; log: (line: string) => void }): Promise<string> {
  const engine = new Engine({ sessionsDir: mkdtempSync(join(tmpdir(), 'checkup-stability-')) });
  const lines = [`Blocking lab, top culprit over ${o.runs} runs (3 s measured each)`];
  for (const node of nodeBinaries().filter((n) => !o.nodes || o.nodes.some((want) => n.label.includes(want)))) {
    const seen = new Map<string, number>();
    for (let i = 0; i < o.runs; i++) {
      const started = await engine.startRun({ recipe: { target: { kind: 'lab', lab: 'blocking', variant: 'slow', ...(node.path ? { node: node.path } : {}) }, load: { ...getLab('blocking').recipe.load, durationSec: 3, warmupSec: 1 } } });
      const outcome = await engine.registry.runOutcome(started.runId);
      const d = (await engine.getSession({ id: outcome.sessionId })).diagnosis;
      const top = d?.findings[0]?.culprits[0];
      const key = `${d?.verdict ?? 'none'}: ${top ? `${top.functionName}:${top.line}` : 'no culprit'}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      o.log(`stability ${node.label} run ${i + 1}: ${key}`);
    }
    lines.push(`  ${node.label}: ` + [...seen.entries()].map(([k, n]) => `${k} in ${n}/${o.runs}`).join('; '));
  }
  return lines.join('\n');
}
