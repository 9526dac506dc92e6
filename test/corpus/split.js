'use strict';
// Reproducible tuning / held-out assignment of the corpus cases.
//
// The case names are sorted alphabetically and shuffled (Fisher-Yates) with mulberry32 seeded with 20261123; the
// first third of the shuffled list (rounded up) is "held-out", the rest "tuning". The assignment was made once, after
// every case folder and its expectation had been written and before any further measuring.
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

function main() {
  const write = process.argv.includes('--write');
  const names = fs.readdirSync(CASES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const { order, split, heldOutCount } = assignSplit(names);
  const byKind = {};
  let mismatches = 0;
  for (const name of order) {
    const file = path.join(CASES_DIR, name, 'case.json');
    const c = JSON.parse(fs.readFileSync(file, 'utf8'));
    const kind = c.expected.verdict;
    byKind[kind] = byKind[kind] || { tuning: 0, 'held-out': 0 };
    byKind[kind][split[name]]++;
    if (write) {
      c.split = split[name];
      fs.writeFileSync(file, JSON.stringify(c, null, 2) + '\n');
    } else if (c.split !== split[name]) mismatches++;
    console.log(`${split[name].padEnd(8)}  ${kind.padEnd(18)}  ${name}`);
  }
  console.log(`\n${order.length} cases, ${heldOutCount} held-out, ${order.length - heldOutCount} tuning`);
  for (const [kind, n] of Object.entries(byKind).sort()) {
    console.log(`  ${kind.padEnd(18)} tuning ${n.tuning}, held-out ${n['held-out']}${n.tuning === 0 ? '   <- no tuning case for this kind' : ''}`);
  }
  if (!write && mismatches) {
    console.log(`\n${mismatches} case.json file(s) disagree with this assignment (run with --write to set it)`);
    process.exitCode = 1;
  }
}

if (require.main === module) main();
module.exports = { assignSplit, mulberry32, SEED };
