// The queue for a database's connections read at the pool itself. Expected answers, written first:
// - a wait timed at the pool of half the request or more, connections idle at the socket (held in transactions):
//   queued, whatever the socket's busy share says;
// - the same wait under half the request: not queued by the timing (the socket's rule alone decides, and says no);
// - the loop the bottleneck (busier than dbPoolLoopBusyMax), or no more requests in flight than connections: not queued.
import { describe, expect, it } from 'vitest';
import { queuedPools, timedQueue, type QueueFigures } from '../../../app/diagnosis/db-pool-queue.js';
import type { DbConnections } from '../../../app/diagnosis/db-samples.js';

const requests = 200;
const pool = (waitMsPerRequest: number): DbConnections => ({ system: 'postgres', peakOpen: 2, busyShare: 0.05, allBusyShare: 0.01, lost: 0, poolSize: 2, checkouts: { count: requests, waitMs: waitMsPerRequest * requests, maxMs: 2 * waitMsPerRequest } });
const figures: QueueFigures = { meanLatencyMs: 240, ownWorkMs: 8, loopBusy: 0.15, concurrency: 10, requests };

describe('a queue timed at the pool', () => {
  it('is the queue when it holds half of the request or more, the connections idle at the socket', () => {
    expect(timedQueue(pool(200), figures)).toBe(true);
    expect(queuedPools([pool(200)], figures)).toHaveLength(1);
  });

  it('is not under half of the request', () => {
    expect(timedQueue(pool(100), figures)).toBe(false);
    expect(queuedPools([pool(100)], figures)).toHaveLength(0);
  });

  it('is not when the loop is the bottleneck or the load does not outnumber the connections', () => {
    expect(timedQueue(pool(200), { ...figures, loopBusy: 0.95 })).toBe(false);
    expect(timedQueue(pool(200), { ...figures, concurrency: 2 })).toBe(false);
  });
});
