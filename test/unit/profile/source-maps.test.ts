// Source maps on real files: maps written by a real compiler (esbuild), read from disk beside the script or inline,
// applied to a profile model; and what a damaged, huge or misdirected map does (a coded warning, frames as recorded).
import { transformSync } from 'esbuild';
import { mkdtempSync, openSync, closeSync, ftruncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ProfileBuilder } from '../../../app/profile/model/builder.js';
import { ROOT } from '../../../app/profile/model/profile.js';
import { remapFrames } from '../../../app/profile/model/remap-frames.js';
import { MAX_MAP_BYTES } from '../../../app/profile/source-maps/limits.js';
import { MapCache } from '../../../app/profile/source-maps/map-cache.js';
import { readScriptMap } from '../../../app/profile/source-maps/read-map.js';
import { withOriginalSources } from '../../../app/profile/source-maps/apply.js';
import { parseMap, SourceMapSet } from '../../../app/profile/source-maps/source-map-set.js';
import { recordTargetMaps } from '../../../app/profile/source-maps/runtime-maps.js';
import { profileCulprits } from '../../../app/diagnosis/profile-evidence.js';

const TS = `// header comment
interface Order { id: number; total: number }
type Totals = Record<string, number>;

export function priceOrders(orders: Order[]): Totals {
  const out: Totals = {};
  for (const o of orders) out[o.id] = o.total * 1.2;
  return out;
}

export const helper = (n: number): number => n * 2;
`;
const TS_LINE = 5;

/** A compiled script in a fresh folder: `map` 'external' (a .map beside it), 'inline', or none. */
function compiled(map: 'external' | 'inline' | 'none'): { dir: string; script: string; url: string; code: string } {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-sm-'));
  writeFileSync(join(dir, 'orders.ts'), TS);
  const out = transformSync(TS, { loader: 'ts', format: 'cjs', sourcemap: map === 'none' ? false : map === 'inline' ? 'inline' : 'external', sourcefile: 'orders.ts' });
  const script = join(dir, 'orders.js');
  let code = out.code;
  if (map === 'external') {
    writeFileSync(join(dir, 'orders.js.map'), out.map);
    code += '//# sourceMappingURL=orders.js.map\n';
  }
  writeFileSync(script, code);
  return { dir, script, url: pathToFileURL(script).href, code };
}

/** Where V8 would place priceOrders in the compiled code: its parameter list, 1-based. */
function compiledPosition(code: string): { line: number; column: number } {
  const lines = code.split('\n');
  const index = lines.findIndex((l) => l.includes('function priceOrders('));
  return { line: index + 1, column: lines[index]!.indexOf('(') + 1 };
}

function profileOf(url: string, pos: { line: number; column: number }) {
  const b = new ProfileBuilder('p', 'microseconds');
  const main = b.frame({ functionName: 'main', url, line: 1, column: 1 });
  const hot = b.frame({ functionName: 'priceOrders', url, ...pos });
  const dep = b.frame({ functionName: 'lib', url: 'file:///srv/node_modules/lib/index.js', line: 3, column: 1 });
  const n = b.nodeForStack([main, hot]);
  b.appendSample(n, 700);
  b.appendSample(b.nodeForStack([main, dep]), 300);
  b.appendSample(n, 100);
  return b.build();
}

describe('source maps', () => {
  it('finds a map beside the script and one inline, and moves the frame to the .ts line', async () => {
    for (const kind of ['external', 'inline'] as const) {
      const { dir, url, code } = compiled(kind);
      const found = await readScriptMap(url);
      expect(found.kind, kind).toBe('found');
      const pos = compiledPosition(code);
      expect(pos.line).not.toBe(TS_LINE);
      const mapped = await withOriginalSources(profileOf(url, pos));
      const hot = mapped.frames.find((f) => f.functionName === 'priceOrders')!;
      expect(hot, kind).toMatchObject({ url: pathToFileURL(join(dir, 'orders.ts')).href, line: TS_LINE, category: 'app' });
      // Dependencies keep their frames; the weights are those of the recording.
      expect(mapped.frames.find((f) => f.functionName === 'lib')).toMatchObject({ url: 'file:///srv/node_modules/lib/index.js', line: 3 });
      expect(mapped.totalWeight).toBe(1100);
      expect(Array.from(mapped.timeline!.weights)).toEqual([700, 300, 100]);
      expect(mapped.warnings).toEqual([]);
    }
  });

  it('a script without a map, or one gone from the disk, keeps its frames and says nothing', async () => {
    const { url, code } = compiled('none');
    const profile = profileOf(url, compiledPosition(code));
    expect(await withOriginalSources(profile)).toBe(profile);
    const gone = profileOf('file:///no/such/dir/app.js', { line: 4, column: 10 });
    expect(await withOriginalSources(gone)).toBe(gone);
  });

  it('reads only .map files over file: URLs: a comment naming another file is not followed', async () => {
    const { script, url } = compiled('none');
    for (const ref of ['/etc/passwd', '../orders.ts', 'https://example.com/orders.js.map']) {
      writeFileSync(script, `function x() {}\n//# sourceMappingURL=${ref}\n`);
      expect(await readScriptMap(url), ref).toEqual({ kind: 'none' });
    }
  });

  it('a malformed map is a coded warning and the frames stay at the compiled code', async () => {
    for (const bad of ['{ not json', '{"version":2,"mappings":"AAAA","sources":["a.ts"]}', '[1,2,3]']) {
      const { dir, url, code } = compiled('external');
      writeFileSync(join(dir, 'orders.js.map'), bad);
      const pos = compiledPosition(code);
      const mapped = await withOriginalSources(profileOf(url, pos));
      expect(mapped.frames.find((f) => f.functionName === 'priceOrders'), bad).toMatchObject({ url, line: pos.line });
      expect(mapped.warnings.join('\n')).toMatch(/CHK_SOURCE_MAP_UNREADABLE/);
      expect(mapped.totalWeight).toBe(1100);
    }
  });

  it('a map larger than the limit is not read: a coded warning', async () => {
    const { dir, url, code } = compiled('external');
    const fd = openSync(join(dir, 'orders.js.map'), 'w');
    ftruncateSync(fd, MAX_MAP_BYTES + 1);
    closeSync(fd);
    const found = await readScriptMap(url);
    expect(found.kind).toBe('refused');
    const mapped = await withOriginalSources(profileOf(url, compiledPosition(code)));
    expect(mapped.warnings.join('\n')).toMatch(/more than Checkup reads.*CHK_SOURCE_MAP_TOO_LARGE/);
  });

  it('a map whose mappings name no source maps nothing (trace-mapping reads it without complaint)', () => {
    const set = new SourceMapSet();
    set.add('file:///x/a.js', { version: 3, sources: [], names: [], mappings: 'AAAA' }, 'file:///x/a.js.map');
    expect(set.has('file:///x/a.js')).toBe(true);
    expect(set.original('file:///x/a.js', 1, 1)).toBeUndefined();
    set.add('file:///x/b.js', { version: 3, sources: ['b.ts'], names: [], mappings: 'AAAA' }, 'file:///x/b.js.map');
    expect(set.original('file:///x/b.js', 1, 1)).toEqual({ url: 'file:///x/b.ts', line: 1, column: 1 });
  });
});

describe('maps from the target', () => {
  it('a target that never answers costs the timeout and maps nothing; answers about scripts not asked for are ignored', async () => {
    const set = new SourceMapSet();
    expect(await recordTargetMaps(() => new Promise(() => undefined), ['file:///srv/a.ts'], set)).toEqual({});
    const map = JSON.stringify({ version: 3, sources: ['a.ts'], names: [], mappings: 'AAAA' });
    const answer = JSON.stringify({ maps: { 'file:///srv/a.ts': map, 'file:///etc/other.ts': map }, tooLarge: { 'file:///srv/b.ts': 40e6 } });
    const recorded = await recordTargetMaps(async () => answer, ['file:///srv/a.ts', 'file:///srv/b.ts'], set);
    expect(Object.keys(recorded)).toEqual(['file:///srv/a.ts']);
    expect(set.has('file:///etc/other.ts')).toBe(false);
    expect(set.warnings.join('\n')).toMatch(/\/srv\/b\.ts is 40\.0 MB.*CHK_SOURCE_MAP_TOO_LARGE/);
  });
  it("a function the map does not place is the compiler's (a helper's getter): no file, and its time goes to its caller", async () => {
    // esbuild's CommonJS interop `__defProp(to, key, { get: () => from[key] })` makes a function V8 names `get`: on a
    // line of its own (esbuild's readable output), or, as tsx writes it, on the module's first line of code, well before
    // that line's first mapping.
    for (const minifyWhitespace of [false, true]) {
      const dir = mkdtempSync(join(tmpdir(), 'checkup-sm-'));
      writeFileSync(join(dir, 'orders.ts'), TS);
      const out = transformSync(TS, { loader: 'ts', format: 'cjs', sourcemap: 'external', sourcefile: 'orders.ts', minifyWhitespace });
      const script = join(dir, 'orders.js');
      writeFileSync(join(dir, 'orders.js.map'), out.map);
      writeFileSync(script, `${out.code}\n//# sourceMappingURL=orders.js.map\n`);
      const url = pathToFileURL(script).href;
      const at = (text: string, offset: number) => {
        const lines = out.code.split('\n');
        const index = lines.findIndex((l) => l.includes(text));
        return { line: index + 1, column: lines[index]!.indexOf(text) + offset + 1 };
      };
      const b = new ProfileBuilder('p', 'microseconds');
      const main = b.frame({ functionName: '(anonymous)', url, line: 1, column: 1 });
      const hot = b.frame({ functionName: 'priceOrders', url, ...at('function priceOrders(', 'function priceOrders'.length) });
      const getter = b.frame({ functionName: 'get', url, ...at('from[key]', -'() => '.length + (minifyWhitespace ? 2 : 0)) });
      b.appendSample(b.nodeForStack([main, hot]), 500);
      b.appendSample(b.nodeForStack([main, hot, getter]), 400);
      const mapped = await withOriginalSources(b.build());
      expect(mapped.frames.find((f) => f.functionName === 'get'), `minified ${minifyWhitespace}`).toMatchObject({ url: '', line: 0, category: 'app' });
      // The module's own function keeps its place; the user's function is at its .ts line.
      expect(mapped.frames.find((f) => f.functionName === '(anonymous)')).toMatchObject({ url, line: 1 });
      const culprits = profileCulprits(mapped, 'cpu');
      expect(culprits.map((c) => c.functionName), `minified ${minifyWhitespace}`).toEqual(['priceOrders']);
      expect(culprits[0]).toMatchObject({ line: TS_LINE, selfPercent: 100 });
      expect(mapped.warnings).toEqual([]);
    }
  });
});

describe('remapFrames', () => {
  it('merges frames that now name the same function, and the nodes under the same parent with them', () => {
    const b = new ProfileBuilder('p', 'microseconds');
    const main = b.frame({ functionName: 'main', url: 'file:///a.js', line: 1, column: 1 });
    const x1 = b.frame({ functionName: 'x', url: 'file:///a.js', line: 10, column: 1 });
    const x2 = b.frame({ functionName: 'x', url: 'file:///a.js', line: 20, column: 1 });
    b.appendSample(b.nodeForStack([main, x1]), 5);
    b.appendSample(b.nodeForStack([main, x2]), 7);
    b.addSelf(b.nodeForStack([main]), 2);
    b.setTimeRange(100, 400);
    const p = b.build();
    const merged = remapFrames(p, (f) => (f.functionName === 'x' ? { functionName: 'x', url: 'file:///a.ts', line: 3, column: 1 } : undefined));
    expect(merged.frames.map((f) => `${f.functionName}@${f.url}:${f.line}`)).toEqual(['main@file:///a.js:1', 'x@file:///a.ts:3']);
    const mainNode = merged.childrenOf(ROOT)[0]!;
    const kids = merged.childrenOf(mainNode);
    expect(kids.length).toBe(1);
    expect(merged.nodeSelf[kids[0]!]).toBe(12);
    expect(merged.nodeSelf[mainNode]).toBe(2);
    expect(merged.totalWeight).toBe(p.totalWeight);
    expect(merged.sampleCount).toBe(p.sampleCount);
    expect([merged.startTime, merged.endTime]).toEqual([100, 400]);
    expect(Array.from(merged.timeline!.nodes)).toEqual([kids[0], kids[0]]);
  });
});

describe('MapCache', () => {
  it('keeps at most its count and its bytes, dropping the least recently used', () => {
    const cache = new MapCache(2, 100);
    const map = parseMap('file:///a.js', { version: 3, sources: ['a.ts'], names: [], mappings: 'AAAA' }, 'file:///a.js.map');
    if (typeof map === 'string') throw new Error(map);
    cache.set('a', map, 10);
    cache.set('b', map, 10);
    cache.get('a');
    cache.set('c', map, 10);
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    cache.set('d', map, 95);
    expect(cache.size).toBe(1);
    cache.set('e', map, 101);
    expect(cache.get('e')).toBeUndefined();
  });
});
