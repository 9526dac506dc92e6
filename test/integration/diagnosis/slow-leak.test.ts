// A slow leak end to end: a real server keeping a listener closure per request (0.1 MB/s), a real 8 s load, the real
// sampling heap profile and the full GC after the load. The doctor must call it a leak and name the line.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';
import { runCli } from '../../helpers/cli.js';

describe('slow leak', () => {
  it('a listener closure kept per request is a memory-leak naming watchRequest, with its pace and time to 1 GB', async () => {
    const fixture = join(rootDir, 'test', 'fixtures', 'leaks', 'closure-leak-010.cjs');
    const r = await runCli(['run', '-d', '8', '--json', '--out', mkdtempSync(join(tmpdir(), 'checkup-slow-leak-')), '--', 'node', fixture]);
    expect(r.code).toBe(0);
    const findings = (JSON.parse(r.stdout) as { diagnosis: { findings: { kind: string; severity: string; explanation: string; culprits: { functionName: string }[] }[] } }).diagnosis.findings;
    const leak = findings.find((f) => f.kind === 'memory-leak' && f.severity !== 'info');
    expect(leak?.culprits[0]?.functionName).toBe('watchRequest');
    expect(leak?.explanation).toMatch(/1 GB more after about \d+ (minutes|hours|days)/);
  }, 90_000);
});
