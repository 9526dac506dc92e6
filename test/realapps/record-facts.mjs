// Writes measured facts (lines of `{"name", "facts"}` printed by measure.mjs) into the scenario files beside each
// expectation, with a note on the conditions, and prints the scenario table for README.md.
//   node test/realapps/record-facts.mjs facts.jsonl [--note "..."] [--table]
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const { values, positionals } = parseArgs({ allowPositionals: true, options: { note: { type: 'string' }, table: { type: 'boolean', default: false } } });
const measured = new Map();
for (const file of positionals) {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{"name"')) continue;
    const { name, facts } = JSON.parse(line);
    measured.set(name, facts);
  }
}
const rows = [];
for (const file of readdirSync(join(here, 'scenarios')).filter((f) => f.endsWith('.json'))) {
  const path = join(here, 'scenarios', file);
  const doc = JSON.parse(readFileSync(path, 'utf8'));
  for (const s of doc.scenarios) {
    const m = measured.get(s.name);
    if (m) s.facts = { ...(s.facts ?? {}), measured: m, ...(values.note ? { conditions: values.note } : {}) };
    // Pages that answered nothing within the story's window are shown with their one-connection run.
    const oneConnection = !s.facts?.measured?.requests && s.facts?.measuredOneConnection;
    const f = oneConnection || s.facts?.measured;
    const culprit = s.expected.culprit ? `${s.expected.culprit.file}:${s.expected.culprit.line ?? ''}` : '-';
    rows.push(
      `| ${s.name} | ${s.patches.length ? s.patches.join(', ') : s.config ? 'config' : '-'} | ${s.expected.category} | ${culprit} | ` +
        (f
          ? `${f.rps}${oneConnection ? ' (1 connection)' : ''} | ${f.latencyMs.p50} | ${f.appMainThreadCpuMsPerRequest ?? '-'} | ${f.requests ? Math.round((f.appOtherThreadsCpuCores * 1000 * f.durationSec) / f.requests * 10) / 10 : '-'} | ${f.databaseCpuMsPerRequest ?? '-'} | ${f.statementsPerRequest ?? '-'} |`
          : '| | | | | |'),
    );
  }
  writeFileSync(path, JSON.stringify(doc, null, 2) + '\n');
}
if (values.table) {
  console.log('| scenario | change | expected (root cause category) | culprit | req/s | p50 ms | main-thread CPU ms/req | other threads CPU ms/req | database CPU ms/req | statements/req |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}
