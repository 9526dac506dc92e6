// Names the JIT code in a callgrind dump: callgrind knows V8's generated code only by address (a function `0x...` in
// object `???`), so callgrind_annotate lumps the JavaScript a request runs into hundreds of anonymous entries. Node run
// with --perf-basic-prof writes /tmp/perf-PID.map (start, size, name per code object: "JS:*parserOnIncoming node:_http_server:..."
// for optimised code, "JS:~..." for baseline/interpreted, "Builtin:..." for builtins copied off the embedded blob); the
// bench keeps it beside the dumps (CHECKUP_VG_KEEP_DIR). Usage:
//   node bench/callgrind-jit-names.mjs DUMP PERF_MAP > DUMP.named
//   callgrind_annotate --inclusive=yes DUMP.named
// Entries of one code object (callgrind starts a new `0x...` function wherever a call lands) become one name; an
// address no code object covers stays as it was.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

function loadMap(path) {
  const ranges = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/i.exec(line);
    if (m) ranges.push({ start: parseInt(m[1], 16), end: parseInt(m[1], 16) + parseInt(m[2], 16), name: m[3] });
  }
  ranges.sort((a, b) => a.start - b.start);
  return ranges;
}

/** The last code object starting at or before addr that covers it (code moved by the GC leaves stale ranges: the later entry wins on equal starts). */
function lookup(ranges, addr) {
  let lo = 0;
  let hi = ranges.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid].start <= addr) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  for (let i = found; i >= 0 && i > found - 64; i--) if (addr < ranges[i].end) return ranges[i].name;
  return null;
}

function rename(dumpText, ranges) {
  let named = 0;
  let unnamed = 0;
  const out = dumpText.replace(/^((?:c?fn)=\(\d+\)) (0x[0-9a-f]+)$/gim, (whole, head, hex) => {
    const name = lookup(ranges, parseInt(hex, 16));
    if (!name) {
      unnamed++;
      return whole;
    }
    named++;
    return `${head} ${name.replace(/\s+/g, '_')}`;
  });
  return { out, named, unnamed };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dump, map] = process.argv.slice(2);
  if (!dump || !map) {
    process.stderr.write('usage: node bench/callgrind-jit-names.mjs DUMP PERF_MAP > DUMP.named\n');
    process.exit(2);
  }
  const { out, named, unnamed } = rename(readFileSync(dump, 'utf8'), loadMap(map));
  process.stdout.write(out);
  process.stderr.write(`${named} JIT entries named, ${unnamed} left by address\n`);
}

export { loadMap, lookup, rename };
