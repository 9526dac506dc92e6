// The real-app corpus's subset kept in the suite, so a regression on real applications shows in CI: one app (koa 2,
// Sequelize on MariaDB, Redis), two scenarios scored by the corpus's own scorer exactly as a scoring round scores
// them (test/realapps/score.mjs: `checkup run --json` with the scenario's recipe, judged by score-table.mjs).
// Their expectations were written by root cause before any run (test/realapps/scenarios/): a login that checks the
// password with bcryptjs's compareSync on the main thread (event-loop-blocked at verifyLogin), and a categories page
// with nothing avoidable (healthy: a false finding on a real framework and ORM would be the regression).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../app/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-realapps-subset-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Scored {
  name: string;
  hit: boolean;
  culpritHit: boolean | null;
  got: { verdict: string | null; findings: Array<{ kind: string; culprits: Array<{ function: string; file: string; line: number }> }> };
}

describe('real-app subset', () => {
  it('scores the koa app\'s login (blocked at verifyLogin) and categories page (healthy) right', { timeout: 900_000 }, () => {
    const out = join(dir, 'summary.json');
    execFileSync(process.execPath, ['test/realapps/score.mjs', '--apps', 'koa-sequelize-mariadb-redis', '--scenarios', 'koa-login,koa-categories', '--out', out], { cwd: rootDir, stdio: ['ignore', 'ignore', 'pipe'], timeout: 880_000 });
    const summary = JSON.parse(readFileSync(out, 'utf8')) as { setups: Array<{ failed?: string }>; results: Scored[] };
    expect(summary.setups.map((s) => s.failed).filter(Boolean)).toEqual([]);
    const byName = Object.fromEntries(summary.results.map((r) => [r.name, r]));
    const login = byName['koa-login']!;
    expect(login.got.verdict, JSON.stringify(login.got.findings.map((f) => f.kind))).toBe('event-loop-blocked');
    expect(login.culpritHit, JSON.stringify(login.got.findings[0]?.culprits)).toBe(true);
    const categories = byName['koa-categories']!;
    expect(categories.got.verdict, JSON.stringify(categories.got.findings.map((f) => f.kind))).toBe('healthy');
    expect(categories.hit).toBe(true);
  });
});
