// One real app of the corpus set up the way the scorer and measure.mjs set it up: its working copy and dependencies
// (cached after the first run, which installs from npm), MariaDB and Redis on free ports, its configuration file,
// the app started as its own script starts it, its tables made by its own models and seeded; then it answers a
// page with the seeded rows, and stopping it leaves no process behind. The koa app is the one here because every
// port it needs is free-chosen (others need a fixed 3000, 3306 or 5432).
import { describe, expect, it } from 'vitest';
import { startApp } from '../realapps/run.mjs';
import { COUNTS } from '../realapps/seeds/text.mjs';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('real-app set-up', () => {
  it('starts, seeds and serves koa-sequelize-mariadb-redis, and stops it whole', { timeout: 600_000 }, async () => {
    // The app's own output (its request log) is not this test's.
    const quiet = { write: () => true } as unknown as typeof process.stderr;
    const app = await startApp('koa-sequelize-mariadb-redis', { log: quiet });
    const dbs = Object.values(app.dbs) as Array<{ guard: { pid: number } }>;
    const pids: number[] = [app.pid as number, ...dbs.map((d) => d.guard.pid)];
    try {
      const res = await fetch(`${app.url}/category/getList`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: 1, size: 50 }) });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { total: number } };
      expect(body.data.total).toBe(COUNTS.tags);
    } finally {
      await app.stop();
    }
    await new Promise((r) => setTimeout(r, 500));
    for (const pid of pids) expect(alive(pid), `pid ${pid}`).toBe(false);
  });
});
