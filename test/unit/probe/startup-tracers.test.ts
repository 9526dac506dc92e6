// The start-up probe's tracers, the parts that decide what a traced module sees: the watch on module.exports that
// tells compile from execution (and must leave the property exactly as it was), the line appended to an ES module
// (and nothing else changed), and the clock that turns ES module markers into execution spans.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const load = createRequire(import.meta.url);
const { withExportsWatched } = load('../../../app/probe/startup-cjs.cjs') as { withExportsWatched(m: object, onRead: () => void, run: () => unknown): unknown };
interface Clock {
  modules: Array<{ url: string; execMs: number; execStartAt: number }>;
  start(url: string, data: Record<string, unknown>): void;
  cjsFromEsm(s: number, e: number): void;
  finish(): Clock['modules'];
}
const { instrumentSource, createExecClock } = load('../../../app/probe/startup-esm.cjs') as {
  instrumentSource(source: string | Uint8Array, url: string, data: unknown): string;
  createExecClock(state: { epoch(): number; firstUserCode(at: number): void }): Clock;
};

const plainDescriptor = (o: object) => Object.getOwnPropertyDescriptor(o, 'exports');

describe('withExportsWatched', () => {
  it('stamps the first read, returns the same value, and leaves a plain data property', () => {
    const exportsObject = {};
    const module = { exports: exportsObject };
    const before = plainDescriptor(module);
    const reads: number[] = [];
    const seen = withExportsWatched(module, () => reads.push(1), () => {
      expect(plainDescriptor(module)!.get).toBeTypeOf('function');
      const value = module.exports;
      expect(plainDescriptor(module)).toEqual(before);
      void module.exports;
      return value;
    });
    expect(seen).toBe(exportsObject);
    expect(reads).toEqual([1]);
    expect(plainDescriptor(module)).toEqual(before);
  });

  it('keeps a value assigned before any read, and restores the property when the run throws', () => {
    const module = { exports: {} as unknown };
    withExportsWatched(module, () => {}, () => {
      module.exports = 42;
    });
    expect(plainDescriptor(module)).toEqual({ value: 42, writable: true, enumerable: true, configurable: true });
    const other = { exports: 'x' };
    expect(() => withExportsWatched(other, () => {}, () => {
      throw new SyntaxError('bad');
    })).toThrow(SyntaxError);
    expect(plainDescriptor(other)).toEqual({ value: 'x', writable: true, enumerable: true, configurable: true });
  });

  it('leaves alone a module whose exports is not a configurable data property', () => {
    const module = {};
    Object.defineProperty(module, 'exports', { get: () => 1, configurable: true });
    let reads = 0;
    withExportsWatched(module, () => reads++, () => (module as { exports: number }).exports);
    expect(reads).toBe(0);
    expect(plainDescriptor(module)!.get).toBeTypeOf('function');
  });
});

describe('instrumentSource', () => {
  const source = "#!/usr/bin/env node\n'use strict';\nvar Symbol = 1; const globalThis = 2;\nexport default Symbol; // no newline";
  it('keeps every character of the module in place and appends one import that binds nothing', () => {
    const out = instrumentSource(source, 'file:///a.mjs', { resolveMs: 1 });
    expect(out.startsWith(source + '\n')).toBe(true);
    const added = out.slice(source.length);
    expect(added).toMatch(/^\nimport "data:text\/javascript,[^"\n]+";\n$/);
    expect(decodeURIComponent(added)).toContain('"file:///a.mjs"');
  });

  it('takes bytes as the load step may give them', () => {
    expect(instrumentSource(new TextEncoder().encode(source), 'file:///a.mjs', {}).startsWith(source)).toBe(true);
  });

  it('cannot break out of the data: URL whatever the module URL holds', () => {
    const url = 'file:///dir/"quote" and \\ and %22.mjs';
    const added = instrumentSource('', url, {}).trim();
    const specifier = /^import "(data:[^"]*)";$/.exec(added)![1]!;
    expect(decodeURIComponent(specifier.slice('data:text/javascript,'.length))).toContain(JSON.stringify(url));
  });
});

describe('createExecClock', () => {
  it('closes a body when the next marker runs, and takes out CommonJS modules the ES loader ran meanwhile', () => {
    let t = 1000;
    const clock = createExecClock({ epoch: () => t, firstUserCode: () => {} });
    clock.start('file:///a.mjs', {});
    t = 1010;
    clock.cjsFromEsm(1010, 1030);
    t = 1030;
    clock.start('file:///b.mjs', {});
    t = 1035;
    const modules = clock.finish();
    expect(modules.map((m) => [m.url, m.execMs])).toEqual([
      ['file:///a.mjs', 10],
      ['file:///b.mjs', 5],
    ]);
  });

  it('closes the last body at the end of the synchronous evaluation', async () => {
    let t = 0;
    const clock = createExecClock({ epoch: () => t, firstUserCode: () => {} });
    clock.start('file:///entry.mjs', { entryAt: 0 });
    t = 7;
    await Promise.resolve();
    t = 50;
    expect(clock.finish().map((m) => m.execMs)).toEqual([7]);
  });
});
