// A query that seems slow because the loop was late to read its answers. Written first, from the real case that
// showed it (a login whose bcryptjs hash held the loop; its one user lookup by e-mail "took" 937 ms while MariaDB
// worked 10.6 ms of CPU in all against 26 s of waits): 60 requests at 2.6 s, each waiting 940 ms on one query, the loop 99 % busy.
// - the server nearly idle: the answers waited for the loop; no slow query, a warning that says so;
// - the server working (its CPU 1.5 cores, a good part of the waits): a slow query, as before;
// - the server's CPU not read (a remote database), or a loop with time to spare: judged as before.
import { describe, expect, it } from 'vitest';
import { analyseDatabase } from '../../../app/diagnosis/analyse-database.js';
import { judge } from '../../../app/diagnosis/judge.js';
import { requestTimeParts, routeWaitWords } from '../../../app/contract/request-time-words.js';
import type { DiagnosisInput } from '../../../app/diagnosis/input.js';
import { runWith } from '../../helpers/db-run.js';

function loginRun(serverCores: number | undefined, elu = 0.99): DiagnosisInput {
  const input = runWith({ requests: 60, latencyMs: 2600, queries: [{ perRequest: 1, meanMs: 940, shape: 'SELECT id, password FROM users WHERE email = ?' }] });
  input.samples = input.samples.map((s) => ({ ...s, elu }));
  input.cpu = { ...input.cpu!, idlePercent: 100 * (1 - elu), busyPercent: 100 * elu };
  if (serverCores !== undefined) input.databaseServers = [{ system: 'postgres', port: 5432, cores: serverCores, processes: 6, found: 'listener' }];
  return input;
}

const findings = (input: DiagnosisInput) => (analyseDatabase(input).findings ?? []).map((f) => `${f.kind}:${f.severity}`);

describe('queries answered late by a busy loop', () => {
  it('the server idle while the query waited: no slow query, a warning naming the loop', () => {
    const result = analyseDatabase(loginRun(0.001));
    expect(result.findings!.map((f) => `${f.kind}:${f.severity}`)).toEqual(['slow-query:warning']);
    const f = result.findings![0]!;
    expect(f.title).toMatch(/answered late/);
    expect(f.explanation).toMatch(/the answers waited for the loop to read them/);
  });

  it('the server working for it, its CPU unknown, or the loop with time to spare: a slow query', () => {
    expect(findings(loginRun(1.5))).toContain('slow-query:problem');
    expect(findings(loginRun(undefined))).toContain('slow-query:problem');
    expect(findings(loginRun(0.001, 0.3))).toContain('slow-query:problem');
  });
});

describe('the request-time table of answers read late', () => {
  const waitOf = (input: DiagnosisInput) => judge(input).requestTime!.waits.find((w) => w.kind === 'database')!;

  it("marks the database wait the doctor found read late as the loop's, and says so on every face", () => {
    const input = loginRun(0.001);
    const wait = waitOf(input);
    expect(wait.readLate).toBeDefined();
    expect(wait.readLate!.loopBusy).toBeGreaterThan(0.9);
    const part = requestTimeParts(judge(input).requestTime!).parts.find((p) => p.kind === 'database')!;
    expect(part.label).toMatch(/answers read late/);
    expect(part.readLate).toBe(true);
    expect(part.hint).toMatch(/the loop's backlog, not the database's/);
    expect(routeWaitWords(wait)).toMatch(/read late by the busy loop/);
  });

  it("leaves a wait the server worked for, whose server is not read, or beside a loop with time to spare as the database's", () => {
    for (const input of [loginRun(1.5), loginRun(undefined), loginRun(0.001, 0.3)]) {
      const wait = waitOf(input);
      expect(wait.readLate).toBeUndefined();
      expect(routeWaitWords(wait)).not.toMatch(/late/);
    }
  });

  it('leaves quick queries beside a busy loop as they are: the doctor read no query as late (a busy page, the server idle)', () => {
    // 300 requests of 40 ms with three 2 ms queries each, the loop 99 % busy and the server nearly idle: the waits sum to
    // far more than the server's CPU, but no query looks slow, so none is said to be answered late.
    const input = runWith({ requests: 300, latencyMs: 40, queries: [{ perRequest: 3, meanMs: 2 }] });
    input.samples = input.samples.map((s) => ({ ...s, elu: 0.99 }));
    input.cpu = { ...input.cpu!, idlePercent: 1, busyPercent: 99 };
    input.databaseServers = [{ system: 'postgres', port: 5432, cores: 0.001, processes: 6, found: 'listener' }];
    expect(waitOf(input).readLate).toBeUndefined();
  });
});
