// One bad session file never breaks the whole history (issue 15, item 2). Real session folders, each damaged in one
// way (session.json without createdAt or with a number, without recipe or summary; diagnosis.json `[]`; a `null` line
// in samples.ndjson; a wrongly shaped load.json), beside a good one; the real `checkup` command. The history lists
// every session, the damaged ones with what is wrong; report and compare on a damaged one fail with
// CHK_SESSION_DAMAGED naming the file and the field, never CHK_INTERNAL; the good one keeps working.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { DAMAGE, writeDamagedSessions } from '../../helpers/damaged-sessions.js';

let out: string;

beforeAll(async () => {
  out = join(mkdtempSync(join(tmpdir(), 'checkup-damaged-')), 'sessions');
  await writeDamagedSessions(out);
});

describe('damaged sessions', () => {
  it('`checkup sessions` lists every session, the damaged ones with the file and field that is wrong', async () => {
    const r = await runCli(['sessions', '--out', out, '--json']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const list = JSON.parse(r.stdout) as Array<{ id: string; damaged?: string; createdAt: string }>;
    expect(list.map((s) => s.id).sort()).toEqual(['good', 'good-2', ...Object.keys(DAMAGE)].sort());
    expect(list.find((s) => s.id === 'good')!.damaged).toBeUndefined();
    expect(list.find((s) => s.id === 'good-2')!.damaged).toBeUndefined();
    for (const [id, { file, field }] of Object.entries(DAMAGE)) {
      const item = list.find((s) => s.id === id)!;
      // The list reads the small files; the NDJSON series are checked when the session is opened.
      if (file.endsWith('.ndjson line 2')) continue;
      expect(item.damaged, id).toContain(file);
      expect(item.damaged, id).toMatch(field);
      expect(Number.isNaN(Date.parse(item.createdAt)), id).toBe(false);
    }

    const human = await runCli(['sessions', '--out', out]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('damaged');
    expect(human.stdout).toMatch(/good/);
  });

  it('`checkup report` and `checkup compare` on a damaged session name the file and the field', async () => {
    for (const [id, { file, field }] of Object.entries(DAMAGE)) {
      const report = await runCli(['report', id, '--out', out, '--json']);
      expect(report.code, `${id}: ${report.stdout}`).toBe(2);
      const error = JSON.parse(report.stdout).error as { code: string; message: string };
      expect(error.code, id).toBe('CHK_SESSION_DAMAGED');
      expect(error.message, id).toContain(file);
      expect(error.message, id).toMatch(field);

      const compare = await runCli(['compare', 'good', id, '--out', out, '--json']);
      expect(compare.code, id).toBe(2);
      expect(JSON.parse(compare.stdout).error.code, id).toBe('CHK_SESSION_DAMAGED');
    }
  }, 120_000);

  it('the good session still reports and compares', async () => {
    const report = await runCli(['report', 'good', '--out', out, '--json']);
    expect(report.code, report.stdout).toBe(0);
    expect(JSON.parse(report.stdout).path).toMatch(/report\.html$/);
    const compare = await runCli(['compare', 'good', 'good-2', '--out', out, '--json']);
    expect(compare.code, compare.stdout).toBe(0);
  });
});
