// Each hotspot rule on small synthetic profiles built with the real builder: a positive case above its threshold,
// with the frames that prove it, and negative cases (below the threshold, or the same frames where they are fine).
import { describe, expect, it } from 'vitest';
import { findHotspots, HOTSPOT_RULES } from '../../../app/diagnosis/hotspots/index.js';
import { CONSOLE_MIN_PERCENT } from '../../../app/diagnosis/hotspots/rules/console-logging.js';
import { GC_MIN_PERCENT } from '../../../app/diagnosis/hotspots/rules/gc-pressure.js';
import { JSON_MIN_PERCENT } from '../../../app/diagnosis/hotspots/rules/json-serialization.js';
import { hotspotAdvice } from '../../../app/diagnosis/advice-files.js';
import { ProfileBuilder } from '../../../app/profile/model/builder.js';
import { ROOT } from '../../../app/profile/model/profile.js';
import { APP, HTTP, cpuProfile, type Stack } from '../profile/synthetic.js';

const handler = `handleRequest@${APP}/server.js:12`;
const startup = ['(anonymous)@node:internal/main/run_main_module:1', 'Module._load@node:internal/modules/cjs/loader:1003', `(anonymous)@${APP}/server.js:1`];
const tick = ['processTicksAndRejections@node:internal/process/task_queues:95'];

/** A profile where `stack` takes `percent` of the time and ordinary request work the rest. */
function withShare(stack: Stack, percent: number, rest: Stack = [...HTTP, handler, `render@${APP}/view.js:3`]) {
  return cpuProfile([
    [stack, percent * 100],
    [rest, (100 - percent) * 100],
  ]);
}

function match(id: string, p: ReturnType<typeof cpuProfile>) {
  return findHotspots(p).find((m) => m.id === id);
}

const fnNames = (m: { frames: Array<{ functionName: string }> } | undefined) => m?.frames.map((f) => f.functionName) ?? [];

describe('hotspot rules', () => {
  it('json-serialization: deep copies through JSON, named with their caller', () => {
    const clone = `deepClone@${APP}/util.js:4`;
    const p = cpuProfile([
      [[...HTTP, handler, clone, 'stringify'], 1500],
      [[...HTTP, handler, clone, 'parse'], 1000],
      [[...HTTP, handler, `render@${APP}/view.js:3`], 7500],
    ]);
    const m = match('json-serialization', p);
    expect(m?.percent).toBeCloseTo(25, 6);
    expect(fnNames(m)).toEqual(['stringify', 'parse', 'deepClone']);
    expect(match('json-serialization', withShare([...HTTP, handler, 'stringify'], JSON_MIN_PERCENT - 1))).toBeUndefined();
    // An app function that happens to be called parse is not JSON.parse.
    expect(match('json-serialization', withShare([...HTTP, handler, `parse@${APP}/csv.js:2`], 40))).toBeUndefined();
  });

  it('sync-blocking-call: synchronous crypto under request handling, not at startup', () => {
    const m = match('sync-blocking-call', withShare([...HTTP, handler, 'pbkdf2Sync@node:internal/crypto/pbkdf2:50'], 30));
    expect(m?.percent).toBeCloseTo(30, 6);
    expect(fnNames(m)).toEqual(['pbkdf2Sync', 'handleRequest']);
    // The same call while the main module first runs, in a plain script: not a request path.
    expect(match('sync-blocking-call', withShare([...startup, 'pbkdf2Sync@node:internal/crypto/pbkdf2:50'], 30, [...startup, `work@${APP}/a.js:1`]))).toBeUndefined();
    // Reading config at startup in a server is fine too.
    expect(match('sync-blocking-call', withShare([...startup, 'readFileSync@node:fs:450'], 30))).toBeUndefined();
    expect(match('sync-blocking-call', withShare([...HTTP, handler, 'gzipSync@node:zlib:900'], 3))).toBeUndefined();
  });

  it('sync-blocking-call: after an await in a server, fs *Sync still counts', () => {
    const m = match('sync-blocking-call', withShare([...tick, `loadTemplate@${APP}/view.js:8`, 'readFileSync@node:fs:450'], 12));
    expect(m?.percent).toBeCloseTo(12, 6);
    expect(fnNames(m)).toContain('loadTemplate');
  });

  it('hashing-hot-path: createHash/update/digest above a tenth of the time', () => {
    const p = cpuProfile([
      [[...HTTP, handler, 'createHash@node:crypto:130', 'Hash@node:internal/crypto/hash:70'], 600],
      [[...HTTP, handler, 'update@node:internal/crypto/hash:100'], 700],
      [[...HTTP, handler, 'digest@node:internal/crypto/hash:120'], 700],
      [[...HTTP, handler], 8000],
    ]);
    expect(match('hashing-hot-path', p)?.percent).toBeCloseTo(20, 6);
    expect(match('hashing-hot-path', withShare([...HTTP, handler, 'digest@node:internal/crypto/hash:120'], 4))).toBeUndefined();
  });

  it('odm-hydration: mongoose building documents, not mongoose sending queries', () => {
    const mongoose = `file:///srv/app/node_modules/mongoose/lib`;
    const list = `listUsers@${APP}/users.js:20`;
    const p = withShare([...tick, list, `completeMany@${mongoose}/helpers/query/completeMany.js:30`, `init@${mongoose}/document.js:700`, `$__init@${mongoose}/document.js:720`], 35);
    const m = match('odm-hydration', p);
    expect(m?.percent).toBeCloseTo(35, 6);
    expect(m?.frames[0]).toMatchObject({ functionName: 'completeMany', package: 'mongoose', category: 'dependency' });
    expect(fnNames(m)).toContain('listUsers');
    expect(match('odm-hydration', withShare([...tick, list, `exec@${mongoose}/query.js:4300`], 35))).toBeUndefined();
  });

  it('many-listeners: self time inside node:events, not the listeners it calls', () => {
    const emit = 'emit@node:events:517';
    const p = cpuProfile([
      [[...tick, `publish@${APP}/bus.js:9`, emit], 800],
      [[...tick, `publish@${APP}/bus.js:9`, emit, 'arrayClone@node:events:870'], 400],
      [[...HTTP, handler], 8800],
    ]);
    const m = match('many-listeners', p);
    expect(m?.percent).toBeCloseTo(12, 6);
    expect(fnNames(m)).toEqual(['emit', 'arrayClone']);
    // All of emit's time in one listener: the emitter itself is cheap.
    expect(match('many-listeners', withShare([...tick, emit, `onMessage@${APP}/bus.js:20`], 40))).toBeUndefined();
  });

  it('console-logging: console calls, proven by the writes under them', () => {
    const log = ['log@node:internal/console/constructor:376', 'value@node:internal/console/constructor:274'];
    const write = ['Writable.write@node:internal/streams/writable:503', 'writeOrBuffer@node:internal/streams/writable:547'];
    const m = match('console-logging', withShare([...HTTP, handler, ...log, ...write], 15));
    expect(m?.percent).toBeCloseTo(15, 6);
    expect(fnNames(m)).toEqual(['log', 'handleRequest', 'Writable.write']);
    expect(match('console-logging', withShare([...HTTP, handler, ...log, ...write], CONSOLE_MIN_PERCENT - 1))).toBeUndefined();
  });

  it('regexp-heavy: V8 RegExp builtins (and RegExp code from V8 logs), not app functions named alike', () => {
    const p = cpuProfile([
      [[...HTTP, handler, `sanitize@${APP}/text.js:5`, 'replace'], 1200],
      [[...HTTP, handler, `sanitize@${APP}/text.js:5`, 'RegExp: (a+)+$'], 600],
      [[...HTTP, handler], 8200],
    ]);
    const m = match('regexp-heavy', p);
    expect(m?.percent).toBeCloseTo(18, 6);
    expect(fnNames(m)).toEqual(['replace', 'RegExp: (a+)+$', 'sanitize']);
    expect(match('regexp-heavy', withShare([...HTTP, handler, `replace@${APP}/str.js:1`], 40))).toBeUndefined();
  });

  it('require-during-request: the module loader under a handler, not at startup', () => {
    const load = ['require@node:internal/modules/helpers:180', 'Module._load@node:internal/modules/cjs/loader:1003', 'Module._compile@node:internal/modules/cjs/loader:1483'];
    const m = match('require-during-request', withShare([...HTTP, handler, ...load], 4));
    expect(m?.percent).toBeCloseTo(4, 6);
    expect(fnNames(m)).toEqual(['require', 'handleRequest']);
    expect(match('require-during-request', withShare([...startup, ...load], 40))).toBeUndefined();
  });

  it('gc-share: garbage collection from the doctor\'s warning line on', () => {
    expect(match('gc-share', withShare(['(garbage collector)'], 22))?.percent).toBeCloseTo(22, 6);
    expect(match('gc-share', withShare(['(garbage collector)'], GC_MIN_PERCENT - 1))).toBeUndefined();
  });

  it('finds nothing in ordinary request work, and orders several matches by share', () => {
    expect(findHotspots(withShare([...HTTP, handler, `query@${APP}/db.js:1`], 50))).toEqual([]);
    const p = cpuProfile([
      [['(garbage collector)'], 1500],
      [[...HTTP, handler, 'stringify'], 3000],
      [[...HTTP, handler], 5500],
    ]);
    expect(findHotspots(p).map((m) => m.id)).toEqual(['json-serialization', 'gc-share']);
  });

  it('gives no CPU advice on a heap profile', () => {
    const b = new ProfileBuilder('heap', 'bytes');
    b.addSelf(b.child(ROOT, b.frame({ functionName: '(garbage collector)' })), 1e6);
    expect(findHotspots(b.build())).toEqual([]);
  });

  it('has an advice file with a title and text for every rule', () => {
    for (const rule of HOTSPOT_RULES) {
      const advice = hotspotAdvice(rule.id);
      expect(advice.title, rule.id).not.toBe(rule.id);
      expect(advice.title.length, rule.id).toBeGreaterThan(10);
      expect(advice.text.length, rule.id).toBeGreaterThan(100);
      expect(rule.minPercent).toBeGreaterThan(0);
    }
  });
});
