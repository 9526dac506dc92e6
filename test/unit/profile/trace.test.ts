// Chrome traces with several JavaScript threads (a page and its worker, or Node worker_threads): one profile each,
// assembled from ProfileChunk events that interleave and spread nodes over several chunks.
import { describe, expect, it } from 'vitest';
import { summarizeProfile } from '../../../app/diagnosis/profile-summary.js';
import { importProfile } from '../../../app/profile/import/import-profile.js';

const cf = (functionName: string, line = 0) => ({ functionName, url: functionName.startsWith('(') ? '' : 'file:///app/main.js', scriptId: functionName.startsWith('(') ? 0 : 5, lineNumber: line, columnNumber: 0 });

function chunk(pid: number, tid: number, id: string, ts: number, cpuProfile: object, timeDeltas: number[]) {
  return { pid, tid, ts, ph: 'P', cat: 'disabled-by-default-v8.cpu_profiler', name: 'ProfileChunk', id, args: { data: { cpuProfile, timeDeltas } } };
}

const events = [
  { pid: 1, tid: 10, ts: 0, ph: 'M', cat: '__metadata', name: 'thread_name', args: { name: 'CrRendererMain' } },
  { pid: 1, tid: 20, ts: 0, ph: 'M', cat: '__metadata', name: 'thread_name', args: { name: 'DedicatedWorker thread' } },
  { pid: 1, tid: 10, ts: 100, ph: 'P', cat: 'disabled-by-default-v8.cpu_profiler', name: 'Profile', id: '0x1', args: { data: { startTime: 100 } } },
  { pid: 1, tid: 20, ts: 105, ph: 'P', cat: 'disabled-by-default-v8.cpu_profiler', name: 'Profile', id: '0x2', args: { data: { startTime: 105 } } },
  // Main thread: root -> main -> render; its second chunk adds a node whose parent came in the first.
  chunk(1, 11, '0x1', 200, { nodes: [{ id: 1, callFrame: cf('(root)') }, { id: 2, callFrame: cf('main', 1), parent: 1 }, { id: 3, callFrame: cf('render', 9), parent: 2 }], samples: [3, 3, 2] }, [0, 1000, 1000]),
  chunk(1, 21, '0x2', 210, { nodes: [{ id: 1, callFrame: cf('(root)') }, { id: 2, callFrame: cf('crunch', 3), parent: 1 }], samples: [2, 2, 2, 2] }, [5, 500, 500, 500]),
  chunk(1, 11, '0x1', 300, { nodes: [{ id: 4, callFrame: cf('layout', 20), parent: 2 }], samples: [4, 4] }, [1000, 1000]),
  // A Profile with no samples (an idle thread) is left out.
  { pid: 1, tid: 30, ts: 400, ph: 'P', cat: 'disabled-by-default-v8.cpu_profiler', name: 'Profile', id: '0x3', args: { data: { startTime: 400 } } },
];

describe('Chrome traces with several threads', () => {
  it('gives one profile per thread, named after it', async () => {
    const r = await importProfile({ name: 'trace.json', data: JSON.stringify({ traceEvents: events }) });
    expect(r.format).toBe('chrome-trace');
    expect(r.profiles.map((p) => p.name)).toEqual(['trace.json - CrRendererMain (pid 1, tid 10)', 'trace.json - DedicatedWorker thread (pid 1, tid 20)']);
    expect(r.warnings).toContain('1 profiles in the trace have no samples and were left out.');
    const [main, worker] = r.profiles.map((p) => summarizeProfile(p, 'chrome-trace'));
    expect(main!.samples).toBe(5);
    expect(Object.fromEntries(main!.topFunctions.map((h) => [h.functionName, h.selfMs * 1000]))).toEqual({ render: 2000, layout: 2000, main: 1000 });
    expect(worker!.samples).toBe(4);
    expect(worker!.topFunctions[0]).toMatchObject({ functionName: 'crunch', line: 4, selfMs: 2 });
  });

  it('accepts the event array form too, and its missing closing bracket', async () => {
    const text = JSON.stringify(events);
    const r = await importProfile({ name: 'trace.json', data: text.slice(0, text.lastIndexOf(',')) });
    expect(r.profiles).toHaveLength(2);
    expect(r.warnings[0]).toMatch(/closing bracket/);
  });
});
