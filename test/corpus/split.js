'use strict';
// Reproducible tuning / held-out assignment of the corpus cases.
//
// Round 1 (case.json without `round`, or `"round": 1`): the case names are sorted alphabetically and shuffled
// (Fisher-Yates) with mulberry32 seeded with 20261123; the first third of the shuffled list (rounded up) is
// "held-out", the rest "tuning". The assignment was made once, after every round-1 case folder and its expectation had
// been written and before any further measuring; the shuffle sees only round-1 names, so adding later rounds never
// changes it.
// Rounds 2 to 15 (`"round": 2` ... `15`): fresh held-out sets, each written after the previous held-out set had been
// seen by the people tuning the doctor; every case of a later round is "held-out" by construction, without a draw.
//
//   node test/corpus/split.js           print the assignment and check it against the case.json files
//   node test/corpus/split.js --write   write `split` into every case.json
const fs = require('node:fs');
const path = require('node:path');
// ESM, loaded with require(esm) (Node 20.19 and later).
const { seeded: mulberry32 } = require('../../scripts/seeded.js');

const SEED = 20261123;
const CASES_DIR = path.join(__dirname, 'cases');

function assignSplit(names) {
  const sorted = [...names].sort();
  const rand = mulberry32(SEED);
  for (let i = sorted.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [sorted[i], sorted[j]] = [sorted[j], sorted[i]];
  }
  const heldOutCount = Math.ceil(sorted.length / 3);
  const split = {};
  sorted.forEach((name, i) => (split[name] = i < heldOutCount ? 'held-out' : 'tuning'));
  return { order: sorted, split, heldOutCount };
}

const readCase = (name) => JSON.parse(fs.readFileSync(path.join(CASES_DIR, name, 'case.json'), 'utf8'));

function main() {
  const write = process.argv.includes('--write');
  const names = fs.readdirSync(CASES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const roundOf = Object.fromEntries(names.map((name) => [name, readCase(name).round ?? 1]));
  const { order: roundOne, split, heldOutCount } = assignSplit(names.filter((name) => roundOf[name] === 1));
  const laterRounds = [...new Set(Object.values(roundOf))].filter((round) => round !== 1).sort((a, b) => a - b);
  const byRound = Object.fromEntries(laterRounds.map((round) => [round, names.filter((name) => roundOf[name] === round).sort()]));
  for (const round of laterRounds) for (const name of byRound[round]) split[name] = 'held-out';
  const order = [...roundOne, ...laterRounds.flatMap((round) => byRound[round])];
  const byKind = {};
  let mismatches = 0;
  for (const name of order) {
    const file = path.join(CASES_DIR, name, 'case.json');
    const c = readCase(name);
    const kind = c.expected.verdict;
    byKind[kind] = byKind[kind] || { tuning: 0, 'held-out': 0, ...Object.fromEntries(laterRounds.map((round) => [`round-${round}`, 0])) };
    byKind[kind][roundOf[name] === 1 ? split[name] : `round-${roundOf[name]}`]++;
    if (write) {
      c.split = split[name];
      fs.writeFileSync(file, JSON.stringify(c, null, 2) + '\n');
    } else if (c.split !== split[name]) mismatches++;
    console.log(`${split[name].padEnd(8)}  round ${roundOf[name]}  ${kind.padEnd(18)}  ${name}`);
  }
  console.log(`\nround 1: ${roundOne.length} cases, ${heldOutCount} held-out, ${roundOne.length - heldOutCount} tuning`);
  for (const round of laterRounds) console.log(`round ${round}: ${byRound[round].length} cases, all held-out`);
  for (const [kind, n] of Object.entries(byKind).sort()) {
    const later = laterRounds.map((round) => ` + ${n[`round-${round}`]} (round ${round})`).join('');
    console.log(`  ${kind.padEnd(18)} tuning ${n.tuning}, held-out ${n['held-out']} (round 1)${later}${n.tuning === 0 ? '   <- no tuning case for this kind' : ''}`);
  }
  if (!write && mismatches) {
    console.log(`\n${mismatches} case.json file(s) disagree with this assignment (run with --write to set it)`);
    process.exitCode = 1;
  }
}

if (require.main === module) main();
module.exports = { assignSplit, mulberry32, SEED };
