// Which probed process is the app when reports arrive over separate sockets in any order (a cluster's worker heard
// before its primary failed the live-units E2E on CI: the worker was taken for the app).
import { describe, expect, it } from 'vitest';
import { serverClaim, takesTheLead } from '../../../app/target/app-process.js';
import type { ProbeHello } from '../../../app/target/probe-protocol.js';

function hello(pid: number, ppid: number, role?: ProbeHello['role']): ProbeHello {
  return { type: 'hello', token: 't', probeVersion: 2, pid, ppid, argv: ['node', 'app.js'], execArgv: [], nodeVersion: 'v20.0.0', platform: 'linux', arch: 'x64', cwd: '/', timeOrigin: 0, ...(role ? { role } : {}) };
}

const primary = hello(100, 1);
const worker = hello(101, 100, 'cluster-worker');
const otherWorker = hello(201, 200, 'cluster-worker');
const child = hello(102, 100, 'child');

describe('the app process', () => {
  it('is the first process heard, unless a cluster worker was heard before its primary', () => {
    expect(takesTheLead(undefined, worker)).toBe(true);
    expect(takesTheLead(worker, primary)).toBe(true);
    expect(takesTheLead(primary, worker)).toBe(false);
    expect(takesTheLead(otherWorker, primary)).toBe(false);
    expect(takesTheLead(primary, child)).toBe(false);
    expect(takesTheLead(worker, hello(103, 100, 'cluster-worker'))).toBe(false);
  });

  it("takes the app's own server at once and waits for it before a child's or its cluster worker's", () => {
    expect(serverClaim(primary, primary, true)).toBe('app');
    expect(serverClaim(undefined, worker, false)).toBe('app');
    expect(serverClaim(primary, worker, false)).toBe('wait');
    expect(serverClaim(primary, child, false)).toBe('wait');
    // A worker of a primary that is not the app (attached to a worker's tree, say) serves for the app.
    expect(serverClaim(hello(300, 1), otherWorker, false)).toBe('app');
  });
});
