import { describe, expect, it } from 'vitest';
import { LoadSpecSchema } from '../../../app/contract/recipe.js';
import { planLoad } from '../../../app/load/options.js';

const target = { host: '127.0.0.1', port: 4321 };

describe('planLoad', () => {
  it('maps a duration run with warm-up to two autocannon phases', () => {
    const spec = LoadSpecSchema.parse({ durationSec: 7, warmupSec: 2, connections: 12, pipelining: 3, timeoutSec: 4 });
    const plan = planLoad(spec, target);
    expect(plan.measure).toMatchObject({ url: 'http://127.0.0.1:4321/', duration: 6.5, connections: 12, pipelining: 3, timeout: 4 });
    expect(plan.measure.amount).toBeUndefined();
    expect(plan.warmup).toMatchObject({ duration: 1.5, connections: 12 });
    expect(plan.connections).toBe(12);
  });

  it("arms autocannon's stop timer half a second before the last whole-second sample", () => {
    expect(planLoad(LoadSpecSchema.parse({ durationSec: 2.2, warmupSec: 0.5 }), target)).toMatchObject({
      measure: { duration: 2.5 },
      warmup: { duration: 0.5 },
    });
  });

  it('has no warm-up phase when warmupSec is 0', () => {
    expect(planLoad(LoadSpecSchema.parse({ warmupSec: 0 }), target).warmup).toBeUndefined();
  });

  it('passes the request rotation through with methods, headers and bodies', () => {
    const spec = LoadSpecSchema.parse({
      requests: [{ path: '/a' }, { path: '/b', method: 'post', body: '{"x":1}', headers: { 'content-type': 'application/json' } }],
    });
    const plan = planLoad(spec, target);
    expect(plan.measure.url).toBe('http://127.0.0.1:4321/a');
    expect(plan.measure.requests).toEqual([
      { method: 'GET', path: '/a', headers: {} },
      { method: 'POST', path: '/b', headers: { 'content-type': 'application/json' }, body: '{"x":1}' },
    ]);
  });

  it('gives every request a unique id only where the user wrote [<id>]', () => {
    expect(planLoad(LoadSpecSchema.parse({ requests: [{ path: '/a', method: 'POST', body: '{"x":1}' }] }), target).measure.idReplacement).toBeUndefined();
    expect(planLoad(LoadSpecSchema.parse({ requests: [{ path: '/a' }, { path: '/users', method: 'POST', body: '{"email":"u[<id>]@example.com"}' }] }), target).measure.idReplacement).toBe(true);
    expect(planLoad(LoadSpecSchema.parse({ requests: [{ path: '/items/[<id>]' }] }), target).warmup?.idReplacement).toBe(true);
  });

  it('uses the amount instead of the duration and never opens more connections than requests', () => {
    const plan = planLoad(LoadSpecSchema.parse({ amount: 4, connections: 10 }), target);
    expect(plan.measure.amount).toBe(4);
    expect(plan.measure.duration).toBeUndefined();
    expect(plan.measure.connections).toBe(4);
    expect(plan.connections).toBe(4);
  });

  it('maps rate to an overall rate with raw latencies, and caps connections at the rate', () => {
    const plan = planLoad(LoadSpecSchema.parse({ rate: 5, connections: 10 }), target);
    expect(plan.measure).toMatchObject({ overallRate: 5, ignoreCoordinatedOmission: true, connections: 5 });
    expect(plan.warmup).toMatchObject({ overallRate: 5, connections: 5 });
  });

  it('addresses IPv6 targets', () => {
    expect(planLoad(LoadSpecSchema.parse({}), { host: '::1', port: 80 }).measure.url).toBe('http://[::1]:80/');
  });
});
