// Where the probe's instructions per request go, function by function: callgrind_annotate (self, and with
// --inclusive=yes) on the kept dumps of two settings (bench/probe-instructions.ts with CHECKUP_VG_KEEP_DIR), each
// function's count per request averaged over the dumps given for each setting, and the largest differences listed.
// Dumps named by bench/callgrind-jit-names.mjs when a perf map was kept (JIT code by its JavaScript name).
// Usage:
//   node bench/callgrind-delta.mjs --requests 500 [--top 15] [--inclusive] A.dump... -- B.dump...
// prints B - A per request for the top functions, and the difference by kind of code (optimised JavaScript,
// baseline/interpreted JavaScript, V8 builtins, V8's C++, Node's C++, libuv, llhttp, other native).
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

function annotate(file, inclusive) {
  const r = spawnSync('callgrind_annotate', [`--inclusive=${inclusive ? 'yes' : 'no'}`, '--threshold=100', file], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const fns = new Map();
  for (const line of r.stdout.split('\n')) {
    const m = /^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(.+?:.+?)\s*$/.exec(line);
    if (!m || m[2].includes('PROGRAM TOTALS')) continue;
    const name = m[2].replace(/^\?\?\?:/, '');
    fns.set(name, (fns.get(name) || 0) + Number(m[1].replace(/,/g, '')));
  }
  return fns;
}

/** The kind of code a function is (by its name in the dump). */
function kind(name) {
  if (/^JS:\*/.test(name)) return 'JavaScript, optimised (TurboFan/Maglev)';
  if (/^JS:[~^+]/.test(name) || /^JS:/.test(name)) return 'JavaScript, baseline/interpreted';
  if (/^(Builtin:|Builtins_|BytecodeHandler:|RegExp:)/.test(name)) return 'V8 builtins and bytecode handlers';
  if (/^0x[0-9a-f]+/i.test(name)) return 'JIT code without a name';
  if (/\buv_|uv__/.test(name)) return 'libuv';
  if (/llhttp/.test(name)) return 'llhttp';
  if (/node::/.test(name)) return "Node's C++";
  if (/v8::|cppgc::|heap::base/.test(name)) return "V8's C++";
  return 'other native (libc, libstdc++, kernel entry)';
}

function average(files, inclusive, requests) {
  const sum = new Map();
  for (const f of files) for (const [k, v] of annotate(f, inclusive)) sum.set(k, (sum.get(k) || 0) + v);
  for (const [k, v] of sum) sum.set(k, v / files.length / requests);
  return sum;
}

function main(argv) {
  let requests = 1;
  let top = 15;
  let inclusive = false;
  const groups = [[]];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--requests') requests = Number(argv[++i]);
    else if (argv[i] === '--top') top = Number(argv[++i]);
    else if (argv[i] === '--inclusive') inclusive = true;
    else if (argv[i] === '--') groups.push([]);
    else groups[groups.length - 1].push(argv[i]);
  }
  const [a, b] = groups;
  if (!a || !b || !a.length || !b.length) throw new Error('usage: callgrind-delta.mjs --requests N [--top N] [--inclusive] A... -- B...');
  const A = average(a, inclusive, requests);
  const B = average(b, inclusive, requests);
  const names = new Set([...A.keys(), ...B.keys()]);
  const rows = [...names].map((name) => ({ name, a: A.get(name) || 0, b: B.get(name) || 0 })).map((r) => ({ ...r, d: r.b - r.a }));
  const fmt = (x) => Math.round(x).toLocaleString('en-US');
  const out = [`${inclusive ? 'inclusive' : 'self'} instructions per request: ${a.length} dump(s) A, ${b.length} dump(s) B, ${requests} requests each`];
  if (!inclusive) {
    const total = (m) => [...m.values()].reduce((s, v) => s + v, 0);
    out.push(`total: A ${fmt(total(A))}, B ${fmt(total(B))}, B - A ${fmt(total(B) - total(A))}`);
    const byKind = new Map();
    for (const r of rows) {
      const k = kind(r.name);
      const e = byKind.get(k) || { a: 0, b: 0 };
      e.a += r.a;
      e.b += r.b;
      byKind.set(k, e);
    }
    out.push('by kind of code:       A        B    B - A');
    for (const [k, e] of [...byKind].sort((x, y) => y[1].b - y[1].a - (x[1].b - x[1].a))) out.push(`  ${fmt(e.a).padStart(8)} ${fmt(e.b).padStart(8)} ${fmt(e.b - e.a).padStart(8)}  ${k}`);
  }
  out.push(`top ${top} by |B - A|:       A        B    B - A`);
  for (const r of rows.sort((x, y) => Math.abs(y.d) - Math.abs(x.d)).slice(0, top)) out.push(`  ${fmt(r.a).padStart(8)} ${fmt(r.b).padStart(8)} ${fmt(r.d).padStart(8)}  ${r.name.slice(0, 150)}`);
  return out.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.stdout.write(main(process.argv.slice(2)) + '\n');

export { kind };
