// The doctor of this checkout, judging again the real-app runs an earlier score kept (score.mjs --keep-sessions):
// what a doctor change does to every scenario, in seconds, without running anything. Seen scenarios only: a held-out
// app is judged by running it. The record's results and the kept session folders pair in order (one session per run).
//   node scripts/build.js && node test/realapps/rejudge.mjs <record.json> <sessions folder>
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diagnose } from '../../out/app/diagnosis/index.js';
import { savedRun, savedSession } from '../../out/bench/saved-run.js';
import { loadScenarios } from './scenarios.mjs';
import { judgeCulprit, judgeVerdict } from './score-table.mjs';

const [recordFile, folder] = process.argv.slice(2);
if (!recordFile || !folder) {
  console.error('usage: node test/realapps/rejudge.mjs <record.json> <sessions folder>');
  process.exit(2);
}
const record = JSON.parse(readFileSync(recordFile, 'utf8'));
const dirs = readdirSync(folder).sort().map((d) => join(folder, d)).filter((d) => savedSession(d));
if (dirs.length !== record.results.length) {
  console.error(`${record.results.length} results but ${dirs.length} session folders: they cannot be paired`);
  process.exit(2);
}
const scenarios = new Map(loadScenarios().map((s) => [s.name, s]));
const totals = { before: 0, now: 0, culpritBefore: 0, culpritNow: 0, culprits: 0 };
record.results.forEach((result, i) => {
  const scenario = scenarios.get(result.name);
  const session = savedSession(dirs[i]);
  if (!scenario || !session) return;
  const d = diagnose(savedRun(dirs[i], session)).diagnosis;
  const verdict = judgeVerdict(scenario.expected, d.verdict);
  const culprit = judgeCulprit(scenario.expected.culprit, d.findings);
  totals.before += result.hit ? 1 : 0;
  totals.now += verdict.hit ? 1 : 0;
  if (culprit !== null) {
    totals.culprits++;
    totals.culpritBefore += result.culpritHit ? 1 : 0;
    totals.culpritNow += culprit ? 1 : 0;
  }
  if (d.verdict !== result.got.verdict || culprit !== result.culpritHit) {
    console.log(`${result.name.padEnd(34)} expected ${scenario.expected.category.slice(0, 40).padEnd(40)} was ${String(result.got.verdict).padEnd(20)} now ${d.verdict.padEnd(20)} ${verdict.hit ? 'hit' : 'miss'}${culprit === null ? '' : `, culprit ${result.culpritHit ? 'hit' : 'miss'} -> ${culprit ? 'hit' : 'miss'}`}`);
  }
});
console.log(`re-judged ${record.results.length} runs: verdicts ${totals.before} -> ${totals.now}, culprits ${totals.culpritBefore} -> ${totals.culpritNow} of ${totals.culprits}`);
