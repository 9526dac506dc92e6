// The report's Request / Queries lines: each route's own waits when the load reached several, and the pools' size
// when the driver showed it.
import { describe, expect, it } from 'vitest';
import type { RequestTimeFigures } from '../../../app/contract/diagnosis.js';
import { requestTimeLines } from '../../../app/cli/request-time-report.js';

const plain = (lines: string[]) => lines.join('\n').replace(/\x1b\[[0-9;]*m/g, '');

const figures: RequestTimeFigures = {
  requests: 200,
  latencyMeanMs: 58.9,
  loopMsPerRequest: 7.8,
  waits: [{ kind: 'database', system: 'postgres', msPerRequest: 53.7, callsPerRequest: 10.5 }, { kind: 'database', system: 'mysql', msPerRequest: 0.6, callsPerRequest: 0.48 }],
  queries: [],
  connections: [{ system: 'postgres', peakOpen: 4, busyShare: 0.6, allBusyShare: 0.55, poolSize: 4 }, { system: 'mysql', peakOpen: 2, busyShare: 0.01, allBusyShare: 0 }],
  notMeasured: ['timers'],
};

describe('requestTimeLines', () => {
  it('gives each route a line of its own waits, and says the pool size where it is known', () => {
    const text = plain(requestTimeLines({ ...figures, routes: [
      { route: 'GET /posts', requests: 96, latencyMeanMs: 112, waits: [{ kind: 'database', system: 'postgres', msPerRequest: 103, callsPerRequest: 21 }] },
      { route: 'GET /health', requests: 4, latencyMeanMs: 0.5, waits: [] },
    ] }));
    expect(text).toContain('GET /posts: 112 ms per request (96 requests): PostgreSQL 103 ms (21 calls)');
    expect(text).toContain('GET /health: 0.5 ms per request (4 requests): no wait measured');
    const withOthers = plain(requestTimeLines({ ...figures, routes: [
      { route: 'GET /posts', requests: 96, latencyMeanMs: 112, waits: [{ kind: 'database', system: 'postgres', msPerRequest: 20, callsPerRequest: 4 }, { kind: 'checkout', system: 'postgres', msPerRequest: 80, callsPerRequest: 1 }, { kind: 'timer', msPerRequest: 5, callsPerRequest: 1 }] },
      { route: 'GET /health', requests: 4, latencyMeanMs: 0.5, waits: [] },
    ] }));
    expect(withOthers).toContain('GET /posts: 112 ms per request (96 requests): PostgreSQL 20 ms (4 calls), waiting for a PostgreSQL connection 80 ms (1 checkout), timers 5 ms (1 call)');
    expect(text).toContain('PostgreSQL: 4 connections at most (pool size 4)');
    expect(text).toMatch(/MySQL\/MariaDB: 2 connections at most, all busy/);
  });

  it('prints no route lines for one route', () => {
    expect(plain(requestTimeLines({ ...figures, route: 'GET /posts' }))).not.toContain('requests):');
  });
});
