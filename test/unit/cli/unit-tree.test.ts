// The process tree as the CLI prints it: children under their parent, threads under their process, a unit whose
// parent was never seen at the left, each unit's share and verdict in the report.
import { describe, expect, it } from 'vitest';
import { formatUnitTree, type TreeUnit } from '../../../app/cli/unit-tree.js';
import { parseProbeMessage } from '../../../app/target/probe-protocol.js';

const units: TreeUnit[] = [
  { id: '10', pid: 10, threadId: 0, role: 'primary', title: '/srv/app/server.js' },
  { id: '11', pid: 11, threadId: 0, role: 'cluster-worker', parentId: '10', title: '/srv/app/server.js', requestShare: 0.6, diagnosis: { verdict: 'event-loop-blocked', severity: 'problem', title: 'x', culprits: [] } },
  { id: '11.1', pid: 11, threadId: 1, role: 'worker-thread', parentId: '11', title: '/srv/app/pool.js' },
  { id: '30', pid: 30, threadId: 0, role: 'child', parentId: '29', title: '/srv/app/\u001b[31mred.js' },
];

describe('formatUnitTree', () => {
  it('nests children and threads under their parents', () => {
    expect(formatUnitTree(units)).toEqual([
      '10 primary  server.js',
      '  └ 11 cluster worker  server.js',
      '    └ thread 1 worker thread  pool.js',
      expect.stringMatching(/^30 child process {2}.*red\.js$/),
    ]);
  });

  it('adds shares and verdicts in the report, and prints no control characters', () => {
    const lines = formatUnitTree(units, true);
    expect(lines[1]).toBe('  └ 11 cluster worker  server.js  60% of requests  → The event loop is blocked');
    expect(lines.join('\n')).not.toContain('\u001b');
  });
});

describe('the hello of a unit', () => {
  const hello = { type: 'hello', token: 't', pid: 5, ppid: 4, argv: [], execArgv: [], nodeVersion: 'v22', platform: 'linux', cwd: '/', timeOrigin: 1 };
  it('carries a role and thread id, checked', () => {
    expect(parseProbeMessage(JSON.stringify({ ...hello, threadId: 2, role: 'worker-thread' }))).toMatchObject({ threadId: 2, role: 'worker-thread' });
    expect(parseProbeMessage(JSON.stringify(hello))).toMatchObject({ pid: 5 });
    expect(parseProbeMessage(JSON.stringify({ ...hello, role: 'overlord' }))).toBeNull();
    expect(parseProbeMessage(JSON.stringify({ ...hello, threadId: -1 }))).toBeNull();
  });
});
