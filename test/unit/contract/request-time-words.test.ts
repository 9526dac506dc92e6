import { describe, expect, it } from 'vitest';
import type { RequestTimeFigures } from '../../../app/contract/diagnosis.js';
import { connectionWords, requestTimeParts, shapeCut, unaccountedMs, waitName } from '../../../app/contract/request-time-words.js';
import { requestTimeLines } from '../../../app/cli/request-time-report.js';

function figures(over: Partial<RequestTimeFigures> = {}): RequestTimeFigures {
  return {
    requests: 200,
    route: 'GET /posts',
    latencyMeanMs: 100,
    loopMsPerRequest: 20,
    waits: [{ kind: 'database', system: 'postgres', msPerRequest: 60, callsPerRequest: 21 }],
    queries: [
      { system: 'postgres', shape: 'select body from comments where post_id = ?', functionName: 'loadComments', url: 'file:///srv/app/src/posts.js', line: 32, column: 5, perRequest: 20, meanMs: 2.9, maxMs: 8, errors: 0 },
    ],
    connections: [{ system: 'postgres', peakOpen: 1, busyShare: 0.5, allBusyShare: 0.42 }],
    notMeasured: ['DNS lookups', 'timers'],
    ...over,
  };
}

describe('where a request\'s time goes, in words', () => {
  it('splits the latency into the loop, each wait and the rest, with shares of the latency', () => {
    const { parts, totalMs, overlapped } = requestTimeParts(figures());
    expect(parts.map((p) => [p.kind, p.label, p.msPerRequest])).toEqual([
      ['loop', 'Own work on the event loop', 20],
      ['database', 'Waiting on PostgreSQL', 60],
      ['rest', 'Not accounted for', 20],
    ]);
    expect(parts.map((p) => p.share)).toEqual([0.2, 0.6, 0.2]);
    expect(parts[1]!.callsPerRequest).toBe(21);
    expect(totalMs).toBe(100);
    expect(overlapped).toBe(false);
  });

  it("counts the wait for a pooled connection as a part of its own, and says where the pool's size was set", () => {
    const rt = figures({
      loopMsPerRequest: 2,
      waits: [
        { kind: 'database', system: 'postgres', msPerRequest: 20, callsPerRequest: 1 },
        { kind: 'checkout', system: 'postgres', msPerRequest: 75, callsPerRequest: 1 },
      ],
      connections: [{ system: 'postgres', peakOpen: 2, busyShare: 0.95, allBusyShare: 0.92, poolSize: 2, poolMadeAt: { url: 'file:///srv/app/src/db.js', line: 12 } }],
    });
    expect(requestTimeParts(rt).parts.map((p) => [p.kind, p.label])).toEqual([
      ['loop', 'Own work on the event loop'],
      ['database', 'Waiting on PostgreSQL'],
      ['checkout', 'Waiting for a PostgreSQL connection'],
    ]);
    expect(unaccountedMs(rt)).toBeUndefined();
    const cli = requestTimeLines(rt, '/srv/app').join('\n');
    expect(cli).toContain('waiting for a PostgreSQL connection 75 ms (1 checkout)');
    expect(cli).toContain('(pool size 2, set at src/db.js:12)');
    expect(connectionWords(rt.connections[0]!)).toContain('set at /srv/app/src/db.js:12');
  });

  it('leaves out a remainder below 5 % of the latency, in the CLI as on screen', () => {
    const rt = figures({ loopMsPerRequest: 37 });
    expect(unaccountedMs(rt)).toBeUndefined();
    expect(requestTimeParts(rt).parts.map((p) => p.kind)).toEqual(['loop', 'database']);
    expect(requestTimeLines(rt, '/srv/app').join('\n')).not.toContain('not accounted for');
    expect(requestTimeLines(figures(), '/srv/app').join('\n')).toContain('20 ms not accounted for (not measured: DNS lookups, timers; or queueing for the loop)');
  });

  it('takes shares of the parts\' sum when calls made together overlap past the latency', () => {
    const rt = figures({ waits: [{ kind: 'database', system: 'redis', msPerRequest: 90, callsPerRequest: 3 }, { kind: 'http', msPerRequest: 40, callsPerRequest: 1 }] });
    const { parts, totalMs, overlapped } = requestTimeParts(rt);
    expect(overlapped).toBe(true);
    expect(totalMs).toBe(150);
    expect(parts.map((p) => p.label)).toEqual(['Own work on the event loop', 'Waiting on Redis', 'Waiting on HTTP calls']);
    expect(parts.reduce((n, p) => n + p.share, 0)).toBeCloseTo(1, 9);
    // 4 % past the latency is the parts' timing against the load tool's, not an overlap.
    expect(requestTimeParts(figures({ waits: [{ kind: 'database', system: 'redis', msPerRequest: 84, callsPerRequest: 3 }] })).overlapped).toBe(false);
  });

  it('cuts a long shape and keeps a short one whole', () => {
    const long = 'select ' + 'a, '.repeat(60) + 'b from t';
    expect(shapeCut(long, 120)).toEqual({ text: long.slice(0, 117) + '...', cut: true });
    expect(shapeCut('GET')).toEqual({ text: 'GET', cut: false });
  });

  it('names systems and counts connections as a reader says them', () => {
    expect(waitName({ kind: 'database', system: 'mysql' })).toBe('MySQL/MariaDB');
    expect(waitName({ kind: 'fetch' })).toBe('fetch');
    expect(connectionWords(figures().connections[0]!)).toBe('PostgreSQL: 1 connection at most, all busy 42 % of the time');
  });

  it('prints the same figures in the CLI report', () => {
    const lines = requestTimeLines(figures(), '/srv/app');
    expect(lines[0]).toBe('  Request     GET /posts: 100 ms per request (mean): loop 20 ms, PostgreSQL 60 ms (21 calls)');
    expect(lines).toContain('  Queries     20x per request, 2.9 ms each  select body from comments where post_id = ?');
    expect(lines.some((l) => l.includes('loadComments (src/posts.js:32)'))).toBe(true);
  });
});
