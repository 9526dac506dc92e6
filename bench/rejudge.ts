// The doctor of this checkout, judging again the corpus runs an earlier `--only accuracy` kept (its session folders):
// what a doctor change does to every case measured so far, in seconds and without running anything. Only for seen
// sets: a held-out round is judged by running it (`--splits held-out`), never by re-judging runs that were read.
//   node out/bench/rejudge.js <sessions folder> [...]     (the accuracy section prints where it keeps its sessions)
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_FILES } from '../app/contract/session.js';
import type { Diagnosis } from '../app/contract/diagnosis.js';
import { diagnose } from '../app/diagnosis/index.js';
import { expectationOn, loadCorpus } from './corpus.js';
import { readJson, savedRun, savedSession } from './saved-run.js';

const cases = new Map(loadCorpus().map((c) => [c.name, c]));
let judged = 0;
let rightBefore = 0;
let rightNow = 0;
for (const folder of process.argv.slice(2)) {
  for (const entry of readdirSync(folder)) {
    const dir = join(folder, entry);
    const session = savedSession(dir);
    const name = /cases[\\/]([^\\/]+)[\\/]/.exec(session?.recipe.target.script ?? '')?.[1];
    const c = name ? cases.get(name) : undefined;
    if (!session || !c) continue;
    const run = savedRun(dir, session);
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
