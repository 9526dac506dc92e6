// The doctor of this checkout, judging again the corpus runs an earlier `--only accuracy` kept (its session folders):
// what a doctor change does to every case measured so far, in seconds and without running anything. Only for seen
// sets: a held-out round is judged by running it (`--splits held-out`), never by re-judging runs that were read.
//   node out/bench/rejudge.js <sessions folder> [...]     (the accuracy section prints where it keeps its sessions)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_FILES, type SessionTimings, type TargetInfo } from '../app/contract/session.js';
import type { Diagnosis } from '../app/contract/diagnosis.js';
import { diagnose, type CollectedRun } from '../app/diagnosis/index.js';
import { expectationOn, loadCorpus } from './corpus.js';

const readJson = (file: string): unknown => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
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

interface SavedSession {
  recipe: { target: { script?: string } };
  target?: Pick<TargetInfo, 'nodeVersion' | 'startupMs' | 'exitCode' | 'signal' | 'exitedUnexpectedly'>;
  timings: SessionTimings;
  memoryAfterLoad?: unknown;
}

const cases = new Map(loadCorpus().map((c) => [c.name, c]));
let judged = 0;
let rightBefore = 0;
let rightNow = 0;
for (const folder of process.argv.slice(2)) {
  for (const entry of readdirSync(folder)) {
    const dir = join(folder, entry);
    const session = readJson(join(dir, SESSION_FILES.session)) as SavedSession | undefined;
    const name = /cases[\\/]([^\\/]+)[\\/]/.exec(session?.recipe.target.script ?? '')?.[1];
    const c = name ? cases.get(name) : undefined;
    if (!session || !c) continue;
    const run = {
      samples: readLines(join(dir, SESSION_FILES.samples)),
      warnings: readLines(join(dir, SESSION_FILES.warnings)),
      load: readJson(join(dir, SESSION_FILES.load)),
      profiles: { cpu: readJson(join(dir, SESSION_FILES.cpuProfile)), heap: readJson(join(dir, SESSION_FILES.heapProfile)) },
      stderrTail: existsSync(join(dir, SESSION_FILES.log)) ? readFileSync(join(dir, SESSION_FILES.log), 'utf8').split('\n').slice(-40) : [],
      startupMs: session.target?.startupMs,
      timings: session.timings,
      recipe: session.recipe,
      ...(session.memoryAfterLoad ? { memoryAfterLoad: session.memoryAfterLoad } : {}),
      // A target that exited on its own during the load crashed: its exit, at the end of the measured window.
      ...(session.target?.exitedUnexpectedly ? { crash: { code: session.target.exitCode ?? null, signal: session.target.signal ?? null, at: session.timings.measureEndAt ?? session.timings.startedAt } } : {}),
    } as unknown as CollectedRun;
    const before = (readJson(join(dir, SESSION_FILES.diagnosis)) as Diagnosis | undefined)?.verdict ?? 'none';
    let now: string;
    try {
      now = diagnose(run).diagnosis.verdict;
    } catch (err) {
      now = `error: ${(err as Error).message}`;
    }
    const expected = expectationOn(c, session.target?.nodeVersion).verdict;
    judged++;
    if (before === expected) rightBefore++;
    if (now === expected) rightNow++;
    if (now !== before) console.log(`${c.name.padEnd(40)} ${(session.target?.nodeVersion ?? '?').padEnd(9)} expected ${expected.padEnd(18)} was ${before.padEnd(18)} now ${now}`);
  }
}
console.log(`re-judged ${judged} runs: ${rightBefore} right as recorded, ${rightNow} right with this doctor`);
