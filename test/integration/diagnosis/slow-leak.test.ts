// A slow leak end to end: a real server keeping a listener closure per request (0.1 MB/s), a real 8 s load, the real
// sampling heap profile and the full GC after the load. The doctor must call it a leak and name the line.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEAP_WINDOW_END_MARK } from '../../../app/contract/profile.js';
import { rootDir } from '../../../app/paths.js';
import { runCli } from '../../helpers/cli.js';

interface HeapNode {
  id: number;
  callFrame: { functionName: string };
  children?: HeapNode[];
}

describe('slow leak', () => {
  it('a listener closure kept per request is a memory-leak naming watchRequest, with its pace and time to 1 GB', async () => {
    const fixture = join(rootDir, 'test', 'fixtures', 'leaks', 'closure-leak-010.cjs');
    const out = mkdtempSync(join(tmpdir(), 'checkup-slow-leak-'));
    const r = await runCli(['run', '-d', '8', '--json', '--out', out, '--', 'node', fixture]);
    expect(r.code).toBe(0);
    const findings = (JSON.parse(r.stdout) as { diagnosis: { findings: { kind: string; severity: string; explanation: string; culprits: { functionName: string }[] }[] } }).diagnosis.findings;
    const leak = findings.find((f) => f.kind === 'memory-leak' && f.severity !== 'info');
    expect(leak?.culprits[0]?.functionName).toBe('watchRequest');
    expect(leak?.explanation).toMatch(/1 GB more after about \d+ (minutes|hours|days)/);
    // The heap profile carries the window's end mark, allocated as the window closed: the last sample in allocation
    // order, so that survivors are placed in the window by it, not by the last of them (kept-through-load.ts).
    const [session] = readdirSync(out);
    const heap = JSON.parse(readFileSync(join(out, session!, 'heap.heapprofile'), 'utf8')) as { head: HeapNode; samples: { nodeId: number; ordinal: number }[] };
    const markIds = new Set<number>();
    const walk = (n: HeapNode, under: boolean): void => {
      const inMark = under || n.callFrame.functionName === HEAP_WINDOW_END_MARK;
      if (inMark) markIds.add(n.id);
      for (const c of n.children ?? []) walk(c, inMark);
    };
    walk(heap.head, false);
    const marks = heap.samples.filter((s) => markIds.has(s.nodeId));
    expect(marks).toHaveLength(1);
    expect(marks[0]!.ordinal).toBeGreaterThan(0.5 * Math.max(...heap.samples.map((s) => s.ordinal)));
  }, 90_000);
});
