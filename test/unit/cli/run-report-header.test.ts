// The first line of `checkup run`'s report says how long the load was measured: a run that sent no load (the set-up
// step was refused, the app never listened) must not read as if the recipe's seconds had been measured.
import { describe, expect, it } from 'vitest';
import { humanReport } from '../../../app/cli/report.js';
import type { LoadResult } from '../../../app/contract/metrics.js';
import type { SessionDetail } from '../../../app/contract/session.js';

function detail(load?: Partial<LoadResult>): SessionDetail {
  const session = {
    name: 'login-app',
    status: load ? 'complete' : 'partial',
    ...(load ? {} : { partialReason: 'CHK_SETUP_FAILED' }),
    recipe: { load: { connections: 10, durationSec: 10, warmupSec: 2, requests: [{ method: 'GET', path: '/items', headers: {} }] } },
  };
  return { dir: '/tmp/session', session, ...(load ? { load } : {}) } as unknown as SessionDetail;
}

const firstLine = (text: string) => text.split('\n').find((l) => l.includes('login-app'))!;

describe('the head of the run report', () => {
  it('says no load was measured when there is no load result', () => {
    const line = firstLine(humanReport(detail()));
    expect(line).toContain('no load was measured');
    expect(line).not.toMatch(/\d+ s measured/);
  });

  it('gives the seconds measured, the connections and the warm-up of a run that sent its load', () => {
    expect(firstLine(humanReport(detail({ durationSec: 9.98, requestsPerSecond: 95, errors: 0, timeouts: 0, non2xx: 0, latency: { p50: 90, p90: 150, p99: 320, max: 358 } as LoadResult['latency'] })))).toContain('9.98 s measured at 10 connections, after 2 s warm-up');
  });
});
