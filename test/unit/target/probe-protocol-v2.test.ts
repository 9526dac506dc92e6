// Probe 2's optional sample fields as the engine parses them: accepted when well-formed, dropped one by one when not
// (the rest of the sample kept), and samples of a version-1 probe, without them, accepted unchanged.
import { describe, expect, it } from 'vitest';
import type { ProbeSample } from '../../../app/contract/metrics.js';
import { parseProbeMessage } from '../../../app/target/probe-protocol.js';

const v1: ProbeSample = {
  ts: 1,
  windowMs: 250,
  delay: { min: 0, mean: 1, p50: 1, p90: 2, p99: 3, max: 4 },
  elu: 0.5,
  cpu: { user: 0.2, system: 0.1 },
  memory: { rss: 1, heapUsed: 1, heapTotal: 1, external: 0, arrayBuffers: 0 },
  handles: {},
  gc: { count: 0, totalMs: 0, maxMs: 0, byKind: {}, pauses: [] },
  io: [{ kind: 'http', functionName: 'f', url: 'file:///a.js', line: 1, column: 2, count: 1, totalMs: 5, maxMs: 5, inFlight: 0 }],
};
const v2: ProbeSample = {
  ...v1,
  lateMs: 3.5,
  delay: { ...v1.delay, count: 24 },
  io: [{ ...v1.io[0]!, minMs: 5 }],
  listeners: [{ id: 1, emitter: 'PriceFeed', event: 'price', count: 64, stack: '    at f (/a.js:1:2)' }],
  routes: [{ method: 'GET', route: '/items/:id', count: 3, totalMs: 9, maxMs: 4, syncMs: 1, syncMaxMs: 0.5, errors: 0 }],
};
const parseSample = (sample: unknown) => {
  const m = parseProbeMessage(JSON.stringify({ type: 'sample', sample }));
  return m && m.type === 'sample' ? m.sample : null;
};

describe('probe 2 sample fields', () => {
  it('are accepted when well-formed, and a version-1 sample without them too', () => {
    expect(parseSample(v2)).toEqual(v2);
    expect(parseSample(v1)).toEqual(v1);
  });

  it('are dropped one by one when malformed, keeping the rest of the sample', () => {
    const bad = { ...v2, lateMs: 'late', delay: { ...v2.delay, count: null }, io: [{ ...v2.io[0], minMs: 'x' }], listeners: [{ id: 1 }], routes: {} };
    const parsed = parseSample(bad)!;
    expect(parsed).not.toBeNull();
    expect('lateMs' in parsed).toBe(false);
    expect('count' in parsed.delay).toBe(false);
    expect('minMs' in parsed.io[0]!).toBe(false);
    expect('listeners' in parsed).toBe(false);
    expect('routes' in parsed).toBe(false);
    expect(parsed).toEqual(v1);
    expect(parseSample({ ...v2, routes: [{ ...v2.routes![0], syncMaxMs: undefined }] })!.routes).toBeUndefined();
  });
});
