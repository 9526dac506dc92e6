// A slow leak end to end: a real server keeping a listener closure per request (0.1 MB/s), a real 8 s load, the real
// sampling heap profile and the full GC after the load. The doctor must call it a leak and name the line.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEAP_MARKS } from '../../../app/contract/profile.js';
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
    // The heap profile carries the window's marks, allocated at 15, 50 and 85 % of its time and as it closed, in that
    // order: survivors are placed in the window by them, not by the last of them (kept-through-load.ts).
    const [session] = readdirSync(out);
    const heap = JSON.parse(readFileSync(join(out, session!, 'heap.heapprofile'), 'utf8')) as { head: HeapNode; samples: { nodeId: number; ordinal: number }[] };
    const markOf = new Map<number, string>();
    const names = new Set<string>(Object.values(HEAP_MARKS));
    const walk = (n: HeapNode, under: string | undefined): void => {
      const mark = under ?? (names.has(n.callFrame.functionName) ? n.callFrame.functionName : undefined);
      if (mark) markOf.set(n.id, mark);
      for (const c of n.children ?? []) walk(c, mark);
    };
    walk(heap.head, undefined);
    const marks = heap.samples.filter((s) => markOf.has(s.nodeId)).sort((a, b) => a.ordinal - b.ordinal).map((s) => markOf.get(s.nodeId));
    expect(marks).toEqual([HEAP_MARKS.at15, HEAP_MARKS.at50, HEAP_MARKS.at85, HEAP_MARKS.end]);
  }, 90_000);
});
