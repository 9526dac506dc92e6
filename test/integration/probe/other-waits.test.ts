// DNS lookups, file reads and timers as waits of a request, with real parts: `checkup run` loading a plain http server
// whose one route looks up 'localhost', reads a file and sleeps 30 ms (its expected figures are written in the
// fixture before any run). The timer, the read and the lookup are accounted for per request with the app's line,
// and the report no longer lists them as not measured.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { fixturesDir } from '../target/target-helpers.js';

const app = join(fixturesDir, 'waits', 'other-waits-app.cjs');

interface Report {
  diagnosis: {
    requestTime?: {
      latencyMeanMs: number;
      waits: Array<{ kind: string; msPerRequest: number; callsPerRequest: number }>;
      otherWaits?: Array<{ kind: string; method: string; functionName: string; url: string; line: number; perRequest: number }>;
      notMeasured: string[];
    };
  };
}

describe('DNS, file-system and timer waits through checkup run', () => {
  it('accounts for a lookup, a file read and a 30 ms timer per request at the line that made them', async () => {
    const out = mkdtempSync(join(tmpdir(), 'checkup-other-waits-'));
    const json = await runCli(['run', '--json', '--out', out, '-d', '3', '--warmup', '1', '-c', '4', '--no-profile', '--no-heap', '--path', '/page', '--', 'node', app]);
    expect(json.code, json.stderr).toBe(0);
    const rt = (JSON.parse(json.stdout) as Report).diagnosis.requestTime!;
    const wait = (kind: string) => rt.waits.find((w) => w.kind === kind);
    // One of each per request; the timer is most of the latency, about its 30 ms and no more than the latency. The
    // probe's windows and the load's request count differ at their edges (a request in flight as the measure starts
    // or ends), by up to a few requests of a short run: hence the 20 % margins.
    for (const kind of ['dns', 'fs', 'timer']) expect(wait(kind)?.callsPerRequest, kind).toBeGreaterThan(0.8);
    expect(wait('timer')!.msPerRequest).toBeGreaterThanOrEqual(24);
    expect(wait('timer')!.msPerRequest).toBeLessThanOrEqual(rt.latencyMeanMs);
    const lines = Object.fromEntries((rt.otherWaits ?? []).map((w) => [w.kind, w]));
    expect(lines.timer).toMatchObject({ method: 'setTimeout', functionName: 'renderPage', line: 17 });
    expect(lines.fs).toMatchObject({ method: 'readFile', functionName: 'renderPage', line: 16 });
    expect(lines.dns).toMatchObject({ method: 'lookup', functionName: 'renderPage', line: 15 });
    expect(rt.notMeasured).not.toContain('timers');
    expect(rt.notMeasured).not.toContain('DNS lookups');
    expect(rt.notMeasured).toContain('locks and queues inside the app');
  }, 60_000);
});
