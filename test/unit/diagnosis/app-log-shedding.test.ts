// The app's structured log and its own load shedding. Expected answers, written first:
// - pino lines of fastify's under-pressure 503s: grouped by code and message, counted, the stack kept; the failures
//   are the app's own load shedding by @fastify/under-pressure, answered in its file, the heap the likeliest limit;
// - winston and bunyan lines read the same way; info lines counted but not grouped; non-JSON lines skipped;
// - groups and stacks bounded;
// - 429 answers without any log: a rate limiter;
// - failures with an ordinary error logged (no policy): "Requests are failing", naming the logged error and its thrower.
import { describe, expect, it } from 'vitest';
import { AppLogReader } from '../../../app/diagnosis/app-log.js';
import { analyseLoadErrors } from '../../../app/diagnosis/analyse-load-errors.js';
import { judge } from '../../../app/diagnosis/judge.js';
import { syntheticRun } from '../../helpers/synthetic-run.js';

const UNDER_PRESSURE = JSON.stringify({
  level: 50, time: 1, pid: 1, reqId: 'req-9',
  err: { type: 'FastifyError', message: 'Service Unavailable', stack: 'FastifyError: Service Unavailable\n    at Object.onRequest (/srv/app/node_modules/@fastify/under-pressure/index.js:153:17)\n    at hookRunnerGenerator (/srv/app/node_modules/fastify/lib/hooks.js:233:10)', code: 'FST_UNDER_PRESSURE', name: 'FastifyError', statusCode: 503 },
  msg: 'Service Unavailable',
});

function failingRun(statuses: Record<string, number>, log: string[], scenario: 'healthy-idle' | 'blocked' = 'healthy-idle') {
  const input = syntheticRun({ scenario, noise: 0 });
  const failed = Object.entries(statuses).filter(([c]) => !c.startsWith('2')).reduce((n, [, v]) => n + v, 0);
  input.load = { ...input.load!, statusCodes: statuses, non2xx: failed, requestsTotal: Object.values(statuses).reduce((a, b) => a + b, 0) };
  input.samples = input.samples.map((s, i) => ({ ...s, memory: { ...s.memory, heapUsed: (i < 3 ? 12 : 110) * 1024 * 1024 } }));
  const reader = new AppLogReader();
  for (const line of log) reader.add(line);
  input.appLog = reader.summary();
  return input;
}

describe('the app\'s structured log', () => {
  it('groups pino, winston and bunyan warnings and errors by code and message, skipping the rest', () => {
    const reader = new AppLogReader();
    for (let i = 0; i < 3; i++) reader.add(UNDER_PRESSURE);
    reader.add(JSON.stringify({ level: 'error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED', stack: 'Error: connect ECONNREFUSED\n    at /srv/app/db.js:4:2' }));
    reader.add(JSON.stringify({ name: 'app', level: 40, msg: 'slow query', v: 0 }));
    reader.add(JSON.stringify({ level: 30, msg: 'request completed' }));
    reader.add('listening on 3000');
    reader.add('{ not json');
    const s = reader.summary();
    expect(s.lines).toBe(6);
    expect(s.groups).toHaveLength(3);
    expect(s.groups[0]).toMatchObject({ level: 'error', code: 'FST_UNDER_PRESSURE', message: 'Service Unavailable', status: 503, count: 3 });
    expect(s.groups[0]!.stack).toContain('under-pressure/index.js:153');
    expect(s.groups.find((g) => g.code === 'ECONNREFUSED')).toMatchObject({ level: 'error', count: 1 });
    expect(s.groups.find((g) => g.level === 'warn')).toMatchObject({ message: 'slow query' });
  });

  it('keeps memory bounded: at most 50 groups, stacks cut to 4 KB', () => {
    const reader = new AppLogReader();
    for (let i = 0; i < 500; i++) reader.add(JSON.stringify({ level: 50, msg: `error ${i}`, err: { stack: 'x'.repeat(10_000) } }));
    const s = reader.summary();
    expect(s.groups).toHaveLength(50);
    expect(s.groups[0]!.stack!.length).toBe(4096);
  });
});

describe('the app\'s own load shedding', () => {
  it('503s logged as FST_UNDER_PRESSURE: @fastify/under-pressure, answered in its file, the heap the likeliest limit', () => {
    const f = analyseLoadErrors(failingRun({ '200': 800, '503': 200 }, Array.from({ length: 200 }, () => UNDER_PRESSURE))).findings![0]!;
    expect(f.title).toBe('The app sheds load by its own policy');
    expect(f.explanation).toContain('@fastify/under-pressure');
    expect(f.explanation).toMatch(/most likely the heap \(110 MB/);
    expect(f.culprits[0]).toMatchObject({ url: expect.stringContaining('@fastify/under-pressure/index.js'), line: 153, package: '@fastify/under-pressure' });
  });

  it('under-pressure refusing while the loop is blocked: the blocked loop is the verdict, the 503s its consequence', () => {
    // The guard watches the loop's delay; a function blocking the loop pushed it past its line. Written first: the cause
    // is the blocking (event-loop-blocked), the refusals stay listed as a warning that says so.
    const served = syntheticRun({ scenario: 'blocked', noise: 0 }).load!.requestsTotal;
    const d = judge(failingRun({ '200': Math.round(served / 4), '503': served - Math.round(served / 4) }, Array.from({ length: 200 }, () => UNDER_PRESSURE), 'blocked'));
    expect(d.verdict).toBe('event-loop-blocked');
    const refusals = d.findings.find((f) => f.kind === 'load-errors')!;
    expect(refusals.severity).toBe('warning');
    expect(refusals.explanation).toMatch(/consequence of the event loop is blocked/);
    // The same refusals on an idle loop: nothing pushed the loop, the shedding stays a problem of its own.
    const idle = judge(failingRun({ '200': Math.round(served / 4), '503': served - Math.round(served / 4) }, Array.from({ length: 200 }, () => UNDER_PRESSURE)));
    expect(idle.findings.find((f) => f.kind === 'load-errors')!.severity).toBe('problem');
  });

  it('429s without a log: a rate limiter', () => {
    const f = analyseLoadErrors(failingRun({ '200': 700, '429': 300 }, [])).findings![0]!;
    expect(f.explanation).toContain('a rate limiter');
  });

  it('429s without a log, most answers refused: answered in the app function that wrote most answers (the profile)', () => {
    const writer = { functionName: 'enforceQuota', url: 'file:///srv/app/quota.js', line: 11, column: 21, selfPercent: 92, totalPercent: 92, category: 'app' as const, measure: 'stack' as const };
    const mostly = failingRun({ '200': 300, '429': 700 }, []);
    mostly.cpu = { ...mostly.cpu!, answerWriters: [writer] };
    const f = analyseLoadErrors(mostly).findings![0]!;
    expect(f.explanation).toMatch(/a rate limiter answered 429 in enforceQuota/);
    expect(f.culprits[0]).toMatchObject({ functionName: 'enforceQuota', line: 11 });
    // Refusals a minority of the answers: the function writing most answers may be the one writing the 200s.
    const few = failingRun({ '200': 700, '429': 300 }, []);
    few.cpu = { ...few.cpu!, answerWriters: [writer] };
    expect(analyseLoadErrors(few).findings![0]!.culprits).toEqual([]);
    // A writer of under half the answers written from the app's frames is not named either.
    const spread = failingRun({ '200': 300, '429': 700 }, []);
    spread.cpu = { ...spread.cpu!, answerWriters: [{ ...writer, selfPercent: 40, totalPercent: 40 }] };
    expect(analyseLoadErrors(spread).findings![0]!.culprits).toEqual([]);
  });

  it('500s with an ordinary error logged: failing requests, naming the logged error and where it was thrown', () => {
    const log = Array.from({ length: 40 }, () => JSON.stringify({ level: 50, msg: 'query failed', err: { type: 'Error', message: 'boom', code: 'ECONNRESET', stack: 'Error: boom\n    at loadOrders (/srv/app/orders.js:31:9)' } }));
    const f = analyseLoadErrors(failingRun({ '200': 800, '500': 200 }, log)).findings![0]!;
    expect(f.title).toBe('Requests are failing');
    expect(f.explanation).toMatch(/logged ECONNRESET, “query failed” 40 times, thrown in loadOrders/);
    expect(f.culprits[0]).toMatchObject({ functionName: 'loadOrders', line: 31 });
  });
});
