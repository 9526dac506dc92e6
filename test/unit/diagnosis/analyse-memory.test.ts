// The memory analyser: a heap floor that keeps rising (or memory kept after the load and a full GC) is a leak.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyseMemory } from '../../../app/diagnosis/analyse-memory.js';
import { onRecordedLabs, onSyntheticRuns } from '../../helpers/analyser-cases.js';
import { recordedInput } from '../../helpers/recorded-session.js';
import { keptByPhase, keptThroughLoad } from '../../../app/diagnosis/kept-through-load.js';
import type { DiagnosisInput } from '../../../app/diagnosis/input.js';

/** A healthy recorded run with the memory evidence of a real checkup of a leak fixture (heap profile and weighing). */
function withKept(name: string): DiagnosisInput {
  const dir = new URL(`../../fixtures/profiles/kept-through-load/${name}`, import.meta.url);
  const read = (ext: string): unknown => JSON.parse(readFileSync(new URL(`${dir.href}${ext}`), 'utf8'));
  const phases = keptByPhase(read('.heapprofile'));
  return { ...recordedInput('healthy'), memoryAfterLoad: read('.memory-after-load.json') as DiagnosisInput['memoryAfterLoad'], heapKeptThroughLoad: keptThroughLoad(read('.heapprofile')), heapCulprits: [], ...(phases ? { heapKeptByPhase: phases } : {}) };
}

describe('analyseMemory', () => {
  // A listener leak grows the heap as well (diagnose() then names the listeners as the cause).
  onSyntheticRuns(analyseMemory, { leak: ['memory-leak:problem', 'rememberRequest'], listener: 'memory-leak:problem', 'too-short': 'insufficient' });
  onRecordedLabs(analyseMemory, { 'memory-leak': 'memory-leak:problem' });

  it('a slow leak kept at the same pace through a 60 s load is a problem, naming the line that keeps it', () => {
    const [leak] = analyseMemory(withKept('map-leak-006-60s')).findings!;
    expect(leak).toMatchObject({ kind: 'memory-leak', severity: 'problem', title: 'Memory keeps growing' });
    expect(leak!.culprits[0]).toMatchObject({ functionName: 'rememberRequest', line: 6 });
    expect(leak!.explanation).toMatch(/about as many from its second half as from its first \(\d+ against \d+ sampled\)/);
  });

  it('the same leak over 30 s has too few survivors to compare halves: a warning that asks for a longer run', () => {
    const [leak] = analyseMemory(withKept('map-leak-006-30s')).findings!;
    expect(leak).toMatchObject({ kind: 'memory-leak', severity: 'warning' });
    expect(leak!.explanation).toMatch(/too few to compare its halves: a longer run \(`--duration 60`\)/);
  });

  it('a cache that filled in the first 12 s of a 30 s load and stopped is no leak, not even a warning', () => {
    const findings = analyseMemory(withKept('cache-levels-off-30s')).findings ?? [];
    expect(findings.filter((f) => f.kind === 'memory-leak' && f.severity !== 'info')).toEqual([]);
  });

  it('3.7 MB kept after 6 s of load by a mysql2 pool of 30 opening connections as the load arrived: not a leak, said as a fill', () => {
    // A real checkup (a ticket API on a MariaDB pool, 20 clients): 0.6 MB/s over the whole load, above the leak line,
    // but the heap profile's survivors from the load's middle stand for under 0.25 MB/s; most came with the load's first
    // moments (each new connection's statement cache).
    const input = withKept('pool-fill-30');
    expect((input.memoryAfterLoad!.afterBytes - input.memoryAfterLoad!.beforeBytes) / input.memoryAfterLoad!.elapsedSec).toBeGreaterThan(0.25 * 1048576);
    const findings = analyseMemory(input).findings ?? [];
    expect(findings.filter((f) => f.severity === 'problem')).toEqual([]);
    expect(findings.map((f) => f.title)).toContain('Memory kept when the load arrived, not as it ran');
    // The leaks of the fixtures keep their verdict with the same judgement: their middle keeps at their pace.
    expect(analyseMemory(withKept('map-leak-006-60s')).findings![0]).toMatchObject({ severity: 'problem' });
  });

  it('survivors mostly from the first half of the middle (a store that levelled off) are said as such, as information', () => {
    const input = withKept('map-leak-006-60s');
    const site = input.heapKeptThroughLoad![0]!;
    input.heapKeptThroughLoad = [{ ...site, early: 40, late: 4, middleSamples: 44 }];
    const [found] = analyseMemory(input).findings!;
    expect(found).toMatchObject({ kind: 'memory-leak', severity: 'info', title: 'Memory kept early in the load, then levelled off' });
  });

  it('the recorded leak names the request handler, and rememberRequest among what it calls (V8 inlined it)', () => {
    const culprit = analyseMemory(recordedInput('memory-leak')).findings![0]!.culprits[0]!;
    expect(culprit.functionName).toBe('handle');
    expect(culprit.mayInclude?.map((f) => f.functionName)).toContain('rememberRequest');
  });
});
