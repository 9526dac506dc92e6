#!/usr/bin/env node
// Writes a realistic V8 .cpuprofile of a given size, deterministically from a seed, for the import benchmark and the
// huge-file tests. Shape: thousands of distinct functions across the app, npm packages (scoped, nested, pnpm layout)
// and Node core, a bushy call tree with deep-ish stacks, Zipf-like hotness (a few functions take most samples),
// runs of identical consecutive samples, and ~1 ms time deltas with occasional long gaps, like `node --cpu-prof`.
//
//   node scripts/generate-big-profile.js --size 50MB [--seed 1] [--out file.cpuprofile]
//
// The file is streamed out; memory stays at a few tens of MB whatever the size.
import { closeSync, openSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { seeded } from './seeded.js';

const VERBS = ['get', 'set', 'load', 'save', 'parse', 'render', 'validate', 'build', 'compute', 'format', 'resolve', 'handle', 'fetch', 'update', 'merge', 'map', 'filter', 'sort', 'encode', 'decode', 'hash', 'check', 'create', 'apply'];
const NOUNS = ['User', 'Order', 'Cart', 'Invoice', 'Session', 'Token', 'Price', 'Item', 'Query', 'Route', 'Template', 'Config', 'Payload', 'Header', 'Record', 'Account', 'Report', 'Cache', 'Event', 'Stock'];
const AREAS = ['routes', 'services', 'lib', 'models', 'utils', 'middleware', 'views'];
const PACKAGE_PATHS = [
  ['express', 'lib/router/layer.js'], ['express', 'lib/router/index.js'], ['express', 'lib/response.js'], ['body-parser', 'lib/types/json.js'],
  ['lodash', 'lodash.js'], ['.pnpm/lodash@4.17.21/node_modules/lodash', 'lodash.js'], ['mongoose', 'lib/document.js'], ['mongoose', 'lib/query.js'],
  ['@aws-sdk/client-s3', 'dist-cjs/index.js'], ['@prisma/client', 'runtime/library.js'], ['pino', 'lib/tools.js'], ['ajv', 'dist/compile/index.js'],
  ['express/node_modules/debug', 'src/node.js'], ['@fastify/ajv-compiler', 'index.js'], ['moment', 'moment.js'], ['handlebars', 'dist/cjs/handlebars/runtime.js'],
  ['jsonwebtoken', 'verify.js'], ['bcryptjs', 'dist/bcrypt.js'], ['uuid', 'dist/v4.js'], ['@babel/runtime', 'helpers/asyncToGenerator.js'],
];
const CORE = [
  ['node:internal/process/task_queues', ['processTicksAndRejections', 'runMicrotasks']], ['node:events', ['emit', 'once', 'addListener']],
  ['node:internal/streams/writable', ['Writable.write', 'writeOrBuffer', '_write']], ['node:_http_server', ['parserOnIncoming', 'emit']],
  ['node:internal/timers', ['listOnTimeout', 'processTimers']], ['node:fs', ['readFileSync', 'statSync', 'readFile']], ['node:buffer', ['from', 'toString', 'concat']],
  ['node:internal/crypto/hash', ['Hash', 'update', 'digest']], ['node:zlib', ['gzipSync', 'processChunkSync']], ['node:internal/url', ['URL', 'parse']],
  ['node:internal/modules/cjs/loader', ['Module._load', 'Module._compile', 'Module.require']], ['node:net', ['onStreamRead', 'Socket._writeGeneric']],
];
const NATIVES = ['stringify', 'parse', 'exec', 'replace', 'sort', 'map', 'join', 'split', 'slice', 'indexOf', 'get length', 'toString'];

/** The function catalogue: { name, url, line, column } with url '' for natives. */
function makeFunctions(rand, count) {
  const fns = [];
  const pick = (list) => list[Math.floor(rand() * list.length)];
  for (let i = 0; fns.length < count; i++) {
    const r = rand();
    const line = 1 + Math.floor(rand() * 900);
    const column = 1 + Math.floor(rand() * 60);
    if (r < 0.45) {
      const file = `file:///srv/shop/src/${pick(AREAS)}/${pick(NOUNS).toLowerCase()}${i % 37}.js`;
      fns.push({ name: `${pick(VERBS)}${pick(NOUNS)}${i % 11 === 0 ? '' : i % 97}`, url: file, line, column, kind: 'app' });
    } else if (r < 0.8) {
      const [pkg, path] = pick(PACKAGE_PATHS);
      fns.push({ name: `${pick(VERBS)}${i % 53}`, url: `file:///srv/shop/node_modules/${pkg}/${path}`, line, column, kind: 'dep' });
    } else if (r < 0.95) {
      const [url, names] = pick(CORE);
      fns.push({ name: `${pick(names)}`, url, line, column, kind: 'core' });
    } else {
      fns.push({ name: pick(NATIVES), url: '', line: 0, column: 0, kind: 'native' });
    }
  }
  return fns;
}

/** A bushy call tree grown by random walks from the root; returns parent and function per node. */
function makeTree(rand, fns, nodeCount) {
  const parent = new Int32Array(nodeCount);
  const fn = new Int32Array(nodeCount);
  const children = [[]];
  const depth = new Int32Array(nodeCount);
  parent[0] = -1;
  fn[0] = -1;
  // Fixed pseudo nodes under the root, as V8 writes them.
  const pseudo = ['(program)', '(idle)', '(garbage collector)'];
  let n = 1;
  for (const name of pseudo) {
    fns.push({ name, url: '', line: 0, column: 0, kind: 'pseudo' });
    parent[n] = 0;
    fn[n] = fns.length - 1;
    children[0].push(n);
    children[n] = [];
    n++;
  }
  const byKind = { app: [], dep: [], core: [], native: [] };
  fns.forEach((f, i) => byKind[f.kind]?.push(i));
  const pick = (list) => list[Math.floor(rand() * list.length)];
  while (n < nodeCount) {
    let at = 0;
    const target = 4 + Math.floor(-Math.log(1 - rand()) * 10);
    for (let d = 0; d < Math.min(target, 80) && n < nodeCount; d++) {
      // Natives are leaves; Node core below the entry frames only calls natives.
      const here = fn[at] < 0 ? undefined : fns[fn[at]];
      if (here?.kind === 'native') break;
      const kids = children[at].filter((c) => fns[fn[c]].kind !== 'pseudo');
      if (kids.length > 0 && rand() < 0.75) {
        at = pick(kids);
        continue;
      }
      // Shallow frames are mostly Node core and frameworks, the middle the app, the deep end libraries and natives.
      const r = rand();
      const kind = here?.kind === 'core' && d >= 2 ? 'native' : d < 2 ? (r < 0.8 ? 'core' : 'dep') : d < 8 ? (r < 0.6 ? 'app' : r < 0.85 ? 'dep' : 'core') : r < 0.35 ? 'app' : r < 0.75 ? 'dep' : r < 0.9 ? 'core' : 'native';
      const child = n++;
      parent[child] = at;
      fn[child] = pick(byKind[kind]);
      depth[child] = depth[at] + 1;
      children[at].push(child);
      children[child] = [];
      at = child;
    }
  }
  return { parent, fn, children };
}

/** Zipf-like hotness over nodes: weight 1/rank^1.1 for a random ranking, as a cumulative table. */
function hotness(rand, nodeCount) {
  const rank = new Int32Array(nodeCount);
  for (let i = 0; i < nodeCount; i++) rank[i] = i;
  for (let i = nodeCount - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [rank[i], rank[j]] = [rank[j], rank[i]];
  }
  const cum = new Float64Array(nodeCount);
  let sum = 0;
  for (let i = 0; i < nodeCount; i++) {
    sum += i === 0 ? 0 : 1 / Math.pow(rank[i] + 1, 1.1);
    cum[i] = sum;
  }
  return { cum, sum };
}

function sampler(seed, hot) {
  const rand = seeded(seed);
  let prev = -1;
  return () => {
    // Runs of identical samples: a function often runs for several sampling intervals.
    if (prev > 0 && rand() < 0.55) return prev;
    const u = rand() * hot.sum;
    let lo = 1;
    let hi = hot.cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (hot.cum[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    prev = lo;
    return lo;
  };
}

function deltas(seed) {
  const rand = seeded(seed);
  // ~1 ms interval with jitter; 1% of the gaps are long (a GC pause, a blocked sampler thread).
  return () => (rand() < 0.01 ? 2000 + Math.floor(rand() * 7000) : 900 + Math.floor(rand() * 250));
}

class Out {
  constructor(path) {
    this.fd = openSync(path, 'w');
    this.parts = [];
    this.size = 0;
    this.written = 0;
  }
  write(s) {
    this.parts.push(s);
    this.size += s.length;
    if (this.size > 1 << 20) this.flush();
  }
  flush() {
    const text = this.parts.join('');
    writeSync(this.fd, text);
    this.written += Buffer.byteLength(text);
    this.parts = [];
    this.size = 0;
  }
  close() {
    this.flush();
    closeSync(this.fd);
  }
}

export function parseSize(text) {
  const m = /^(\d+(?:\.\d+)?)\s*(kb|mb|gb|b)?$/i.exec(String(text).trim());
  if (!m) throw new Error(`not a size: ${text}`);
  const unit = (m[2] ?? 'b').toLowerCase();
  return Math.round(Number(m[1]) * { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 }[unit]);
}

export function generateBigProfile({ sizeBytes, seed = 1, out }) {
  const rand = seeded(seed);
  // About a tenth of a real big profile is its node table; the rest is samples and deltas.
  const nodeCount = Math.max(2000, Math.min(150_000, Math.round(sizeBytes / 2000)));
  const fns = makeFunctions(rand, Math.max(2000, Math.round(nodeCount / 4)));
  const tree = makeTree(rand, fns, nodeCount);
  const hot = hotness(rand, nodeCount);

  const nodeJson = (i, hits) => {
    const f = tree.fn[i] < 0 ? { name: '(root)', url: '', line: 0, column: 0 } : fns[tree.fn[i]];
    const script = f.url === '' ? '0' : String(10 + (f.url.length % 300));
    const cf = `{"functionName":${JSON.stringify(f.name)},"scriptId":"${script}","url":${JSON.stringify(f.url)},"lineNumber":${f.line - 1},"columnNumber":${f.column - 1}}`;
    const ticks = hits > 0 && f.line > 0 ? `,"positionTicks":[{"line":${f.line + 1},"ticks":${hits}}]` : '';
    const kids = tree.children[i].length > 0 ? `,"children":[${tree.children[i].map((c) => c + 1).join(',')}]` : '';
    return `{"id":${i + 1},"callFrame":${cf},"hitCount":${hits}${ticks}${kids}}`;
  };

  // Pilot: bytes per sample and per delta, and the node table's size, to hit the requested file size.
  const pilotS = sampler(seed + 1, hot);
  const pilotD = deltas(seed + 2);
  let pilotBytes = 0;
  const PILOT = 50_000;
  for (let i = 0; i < PILOT; i++) pilotBytes += String(pilotS() + 1).length + String(pilotD()).length + 2;
  let nodeBytes = 0;
  for (let i = 0; i < nodeCount; i++) nodeBytes += nodeJson(i, 1).length + 1;
  const sampleCount = Math.max(1000, Math.floor(((sizeBytes - nodeBytes - 200) * PILOT) / pilotBytes));

  // Pass 1: hit counts and the total time; pass 2 writes nodes, samples and deltas from the same seeds.
  const hits = new Int32Array(nodeCount);
  const s1 = sampler(seed + 1, hot);
  const d1 = deltas(seed + 2);
  let span = 0;
  for (let i = 0; i < sampleCount; i++) {
    hits[s1()]++;
    span += d1();
  }
  const startTime = 1_000_000_000 + Math.floor(rand() * 1e9);
  const file = new Out(out);
  file.write('{"nodes":[');
  for (let i = 0; i < nodeCount; i++) file.write((i > 0 ? ',' : '') + nodeJson(i, hits[i]));
  file.write(`],"startTime":${startTime},"endTime":${startTime + span + 1000},"samples":[`);
  const s2 = sampler(seed + 1, hot);
  for (let i = 0; i < sampleCount; i++) file.write((i > 0 ? ',' : '') + (s2() + 1));
  file.write('],"timeDeltas":[');
  const d2 = deltas(seed + 2);
  for (let i = 0; i < sampleCount; i++) file.write((i > 0 ? ',' : '') + d2());
  file.write(']}');
  file.close();
  return { path: out, bytes: file.written, samples: sampleCount, nodes: nodeCount, functions: fns.length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { size: { type: 'string', default: '10MB' }, seed: { type: 'string', default: '1' }, out: { type: 'string' } } });
  const sizeBytes = parseSize(values.size);
  const out = values.out ?? `big-${values.size}-seed${values.seed}.cpuprofile`;
  const started = Date.now();
  const info = generateBigProfile({ sizeBytes, seed: Number(values.seed), out });
  console.log(JSON.stringify({ ...info, ms: Date.now() - started }));
}
