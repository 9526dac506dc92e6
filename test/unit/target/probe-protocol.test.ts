// The engine checks everything the probe sends before trusting it.
import { describe, expect, it } from 'vitest';
import { parseProbeMessage } from '../../../app/target/probe-protocol.js';
import { ProbeSampleSchema } from '../../../app/contract/session-schemas.js';

const sample = {
  ts: 1,
  windowMs: 250,
  delay: { min: 0, mean: 1, p50: 1, p90: 2, p99: 3, max: 4 },
  elu: 0.5,
  cpu: { user: 0.2, system: 0.1 },
  memory: { rss: 1, heapUsed: 1, heapTotal: 1, external: 0, arrayBuffers: 0 },
  handles: {},
  gc: { count: 0, totalMs: 0, maxMs: 0, byKind: {}, pauses: [] },
  io: [],
};

const hello = { type: 'hello', token: 't', probeVersion: 1, pid: 5, ppid: 4, argv: ['node', 'x.js'], execArgv: [], nodeVersion: 'v20.0.0', platform: 'linux', arch: 'x64', cwd: '/', timeOrigin: 1 };

describe('parseProbeMessage', () => {
  it('accepts every well-formed message', () => {
    expect(parseProbeMessage(JSON.stringify(hello))).toEqual(hello);
    expect(parseProbeMessage(JSON.stringify({ type: 'sample', sample }))).toEqual({ type: 'sample', sample });
    expect(parseProbeMessage('{"type":"listening","address":"127.0.0.1","family":"IPv4","port":3000,"startupMs":12.5}')).toEqual({ type: 'listening', address: '127.0.0.1', family: 'IPv4', port: 3000, startupMs: 12.5 });
    expect(parseProbeMessage('{"type":"listen-error","code":"EADDRINUSE","port":3000,"message":"in use"}')).toMatchObject({ code: 'EADDRINUSE', port: 3000 });
    expect(parseProbeMessage('{"type":"inspector","url":"ws://127.0.0.1:9229/x"}')).toEqual({ type: 'inspector', url: 'ws://127.0.0.1:9229/x' });
    expect(parseProbeMessage('{"type":"warning","warning":{"ts":1,"name":"W","message":"m"}}')).toMatchObject({ type: 'warning' });
  });

  it('rejects malformed, unknown and out-of-range messages', () => {
    for (const line of ['', 'not json', '[]', 'null', '{"type":"nope"}', '{"no":"type"}', '{"type":"listening","port":0,"startupMs":1}', '{"type":"listening","port":70000,"startupMs":1}', '{"type":"listening","port":"80","startupMs":1}', '{"type":"inspector","url":5}']) {
      expect(parseProbeMessage(line), line).toBeNull();
    }
    expect(parseProbeMessage(JSON.stringify({ ...hello, pid: 'x' }))).toBeNull();
    expect(parseProbeMessage(JSON.stringify({ ...hello, argv: [1] }))).toBeNull();
    expect(parseProbeMessage(JSON.stringify({ type: 'sample', sample: { ...sample, delay: { ...sample.delay, p99: null } } }))).toBeNull();
    expect(parseProbeMessage(JSON.stringify({ type: 'sample', sample: { ...sample, io: undefined } }))).toBeNull();
    expect(parseProbeMessage(JSON.stringify({ type: 'warning', warning: { ts: 1, name: 'W' } }))).toBeNull();
  });

  // The probe no longer sends the window's mean delay (its price: the histogram walks every bucket); probes before
  // session 20 did, and their saved sessions hold it.
  it('takes a window with or without delay.mean, and drops a malformed mean alone', () => {
    const { mean: _mean, ...withoutMean } = sample.delay;
    const now = { ...sample, delay: withoutMean };
    expect(parseProbeMessage(JSON.stringify({ type: 'sample', sample: now }))).toEqual({ type: 'sample', sample: now });
    expect(parseProbeMessage(JSON.stringify({ type: 'sample', sample }))).toEqual({ type: 'sample', sample });
    expect(parseProbeMessage(JSON.stringify({ type: 'sample', sample: { ...sample, delay: { ...sample.delay, mean: 'x' } } }))).toEqual({ type: 'sample', sample: now });
    expect(parseProbeMessage(JSON.stringify({ type: 'sample', sample: { ...sample, delay: { ...withoutMean, p50: undefined } } }))).toBeNull();
    expect(ProbeSampleSchema.safeParse(now).success).toBe(true);
    expect(ProbeSampleSchema.safeParse(sample).success).toBe(true);
  });
});
