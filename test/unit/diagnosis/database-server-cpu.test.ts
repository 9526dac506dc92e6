// The database server's own CPU (read on this machine over the measured window) against the app's: requests that
// wait on their queries while the loop reads busy are waiting on the database when the server spends at least the
// app's own CPU per request (a table scanned to return a few rows, on a machine whose CPU the server then takes).
// The case: a loop 90 % busy, 300 requests in 5 s that each wait 30 of their 40 ms on three queries.
import { describe, expect, it } from 'vitest';
import { judge } from '../../../app/diagnosis/judge.js';
import { analyseDatabase } from '../../../app/diagnosis/analyse-database.js';
import type { DiagnosisInput } from '../../../app/diagnosis/input.js';
import { runWith } from '../../helpers/db-run.js';

function busyLoopRun(serverCores: number | undefined): DiagnosisInput {
  const input = runWith({ requests: 300, latencyMs: 40, queries: [{ perRequest: 3, meanMs: 10 }] });
  input.samples = input.samples.map((s) => ({ ...s, elu: 0.9 }));
  input.cpu = { ...input.cpu!, idlePercent: 10, busyPercent: 90 };
  if (serverCores !== undefined) input.databaseServers = [{ system: 'postgres', port: 5432, cores: serverCores, processes: 12, found: 'listener' }];
  return input;
}

const kinds = (input: DiagnosisInput) => (analyseDatabase(input).findings ?? []).map((f) => f.kind);

describe("the database server's CPU", () => {
  it('a busy loop whose requests wait on queries the server spends more CPU on than the app: database-bound, with the figures', () => {
    const input = busyLoopRun(1.2);
    expect(kinds(input)).toEqual(['database-bound']);
    const d = judge(input);
    expect(d.verdict).toBe('database-bound');
    const f = d.findings[0]!;
    expect(f.explanation).toMatch(/The PostgreSQL server on this machine spent [\d.]+ ms of CPU per request \(1\.2 cores\)/);
    expect(f.evidence.find((e) => /server's CPU per request/.test(e.label))!.value).toBeGreaterThan(f.evidence.find((e) => /main thread, its own CPU/.test(e.label))!.value);
  });

  it('the same run with the server nearly idle, or its CPU not read: the busy loop is not put on the database', () => {
    expect(kinds(busyLoopRun(0.05))).not.toContain('database-bound');
    expect(kinds(busyLoopRun(undefined))).not.toContain('database-bound');
  });
});
