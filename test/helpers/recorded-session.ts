// Recorded sessions of the bundled labs (test/fixtures/sessions/<lab>/, written by scripts/record-session-fixture.js
// from real `checkup run --demo <lab>` sessions): the doctor's input rebuilt from its parts, and the diagnosis the
// doctor gave when the session was recorded.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rootDir } from '../../app/paths.js';
import type { Diagnosis } from '../../app/contract/diagnosis.js';
import type { LoadResult, ProbeSample, ProbeWarning } from '../../app/contract/metrics.js';
import type { DiagnosisInput } from '../../app/diagnosis/input.js';

export const RECORDED_LABS = ['healthy', 'blocking', 'slow-io', 'gc-churn', 'memory-leak', 'listener-leak'] as const;
/**
 * Recorded runs that are not a lab's: busy-machine is express-hello-busy (test/corpus) under a load average of 12 on 2
 * cores; db-* are the fixtures of test/fixtures/targets/db-cause (a single connection or a tiny pool in front of a
 * table scan, an N+1, fast queries; a right-sized pool) on real MariaDB and PostgreSQL, -c 10 -d 5;
 * db-shared-conn-report is the corpus's express-mariadb-shared-connection-report (round 7, scored, now seen): one
 * mysql2 connection shared by product lookups and a report run by one request in ten.
 */
export const RECORDED_OTHERS = ['busy-machine', 'db-one-conn-scan', 'db-pg-one-nplus1', 'db-mysql-pool1-fast', 'db-pg-pool-healthy', 'db-pg-one-nplus1-busy', 'db-shared-conn-report'] as const;
export type RecordedLab = (typeof RECORDED_LABS)[number] | (typeof RECORDED_OTHERS)[number];

const dirOf = (lab: RecordedLab) => join(rootDir, 'test', 'fixtures', 'sessions', lab);
const json = <T>(lab: RecordedLab, name: string): T => JSON.parse(readFileSync(join(dirOf(lab), name), 'utf8')) as T;
const ndjson = <T>(lab: RecordedLab, name: string): T[] =>
  readFileSync(join(dirOf(lab), name), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as T);

/** The measured window's data of one recorded lab session, as the analysers receive it. A fresh copy each call. */
export function recordedInput(lab: RecordedLab): DiagnosisInput {
  const { recordedFrom: _from, ...parts } = json<Omit<DiagnosisInput, 'samples' | 'warnings' | 'load'> & { recordedFrom: unknown }>(lab, 'input.json');
  return { ...parts, samples: ndjson<ProbeSample>(lab, 'samples.ndjson'), warnings: ndjson<ProbeWarning>(lab, 'warnings.ndjson'), load: json<LoadResult>(lab, 'load.json') };
}

/** What the doctor said when the session was recorded. */
export function recordedDiagnosis(lab: RecordedLab): Diagnosis {
  return json<Diagnosis>(lab, 'diagnosis.json');
}
