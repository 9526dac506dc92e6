#!/usr/bin/env node
// Writes a big pprof file the way continuous profilers do (one sample per tick, each with its timestamp label, as
// @datadog/pprof's wall profiles carry), from a generated .cpuprofile: same stacks and weights, pprof's encoding. For
// the import benchmark's production-profile row.
//
//   node scripts/generate-big-pprof.js --from big.cpuprofile --out big.pb.gz
//
// Needs the build (out/). Prints { path, bytes, unzippedBytes, samples } as JSON.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const { importProfile } = await import(pathToFileURL(join(root, 'out/app/profile/import/import-profile.js')).href);

function varint(out, v) {
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}
const key = (out, field, wire) => varint(out, field * 8 + wire);
function lenField(out, field, bytes) {
  key(out, field, 2);
  varint(out, bytes.length);
  for (const b of bytes) out.push(b);
}
function message(build) {
  const out = [];
  build(out);
  return out;
}
const text = (s) => [...Buffer.from(s, 'utf8')];

const { values } = parseArgs({ options: { from: { type: 'string' }, out: { type: 'string' } } });
if (!values.from || !values.out) {
  console.error('usage: node scripts/generate-big-pprof.js --from FILE.cpuprofile --out FILE.pb.gz');
  process.exit(2);
}
const profile = (await importProfile({ path: values.from }, { maxBytes: 4e9 })).profiles[0];
const timeline = profile.timeline;
if (!timeline) throw new Error('the source profile has no timeline');

const gzip = createGzip();
const file = createWriteStream(values.out);
gzip.pipe(file);
let unzipped = 0;
let pending = [];
const flush = async (force) => {
  if (!force && pending.length < 1 << 20) return;
  const chunk = Buffer.from(pending);
  pending = [];
  unzipped += chunk.length;
  if (!gzip.write(chunk)) await new Promise((r) => gzip.once('drain', r));
};
const strings = [''];
const stringIndex = new Map([['', 0]]);
const str = (s) => {
  let i = stringIndex.get(s);
  if (i === undefined) {
    i = strings.length;
    strings.push(s);
    stringIndex.set(s, i);
  }
  return i;
};
const sampleType = (type, unit) => message((m) => (key(m, 1, 0), varint(m, str(type)), key(m, 2, 0), varint(m, str(unit))));
for (const t of [sampleType('sample', 'count'), sampleType('wall', 'nanoseconds')]) lenField(pending, 1, t);
const tsKey = str('end_timestamp_ns');

// Stacks of each node, leaf first, as location ids (frame index + 1), built once.
const stacks = new Map();
const stackOf = (node) => {
  let s = stacks.get(node);
  if (!s) {
    s = profile.stackOf(node).reverse().map((f) => f + 1);
    stacks.set(node, s);
  }
  return s;
};
let clockNs = 1_000_000_000_000_000;
for (let i = 0; i < timeline.nodes.length; i++) {
  const weightNs = Math.round(timeline.weights[i] * 1000);
  clockNs += weightNs;
  const sample = message((m) => {
    lenField(m, 1, message((p) => stackOf(timeline.nodes[i]).forEach((id) => varint(p, id))));
    lenField(m, 2, message((p) => (varint(p, 1), varint(p, weightNs))));
    lenField(m, 3, message((l) => (key(l, 1, 0), varint(l, tsKey), key(l, 3, 0), varint(l, clockNs))));
  });
  lenField(pending, 2, sample);
  await flush(false);
}
profile.frames.forEach((f, i) => {
  lenField(pending, 4, message((m) => (key(m, 1, 0), varint(m, i + 1), lenField(m, 4, message((l) => (key(l, 1, 0), varint(l, i + 1), key(l, 2, 0), varint(l, f.line)))))));
  lenField(pending, 5, message((m) => (key(m, 1, 0), varint(m, i + 1), key(m, 2, 0), varint(m, str(f.functionName)), key(m, 4, 0), varint(m, str(f.url)))));
});
for (const s of strings) lenField(pending, 6, text(s));
await flush(true);
gzip.end();
await new Promise((r) => file.on('close', r));
console.log(JSON.stringify({ path: values.out, bytes: file.bytesWritten, unzippedBytes: unzipped, samples: timeline.nodes.length }));
