// bcrypt's native binding queues its work on the threadpool out of reach of Node's crypto wrappers: the probe wraps
// the binding's asynchronous functions as process.dlopen loads it, so a compare is timed at the app's line. Run in a
// child process with the real bcrypt package (a native addon is loaded once per process).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..');

const script = `
const { createPoolCallCollector } = require(${JSON.stringify(join(root, 'app/probe/pool-calls.cjs'))});
const pool = createPoolCallCollector();
const bcrypt = require(require.resolve('bcrypt', { paths: [${JSON.stringify(root)}] }));
const stored = bcrypt.hashSync('correct horse', 4);
async function verifyLogin(password) {
  return bcrypt.compare(password, stored);
}
verifyLogin('correct horse').then((ok) => {
  const { calls, addons } = pool.take();
  pool.stop();
  console.log(JSON.stringify({ ok, calls, addons,  }));
});
`;

describe('pool calls of a native addon', () => {
  it("times bcrypt's compare from the call to its callback, at the app's line", () => {
    // A file of its own: the app's line is read from a stack whose frames have a path.
    const dir = mkdtempSync(join(tmpdir(), 'checkup-addon-'));
    const file = join(dir, 'login.cjs');
    writeFileSync(file, script);
    let stdout: string;
    try {
      stdout = execFileSync(process.execPath, [file], { cwd: root, encoding: 'utf8' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const out = JSON.parse(stdout) as { ok: boolean; calls: Array<{ api: string; functionName: string; line: number; count: number; doneMs: number }>; addons: string[] };
    expect(out.ok).toBe(true);
    expect(out.addons).toContain('bcrypt');
    const compare = out.calls.find((c) => c.api === 'bcrypt.compare');
    expect(compare, JSON.stringify(out.calls)).toMatchObject({ functionName: 'verifyLogin', line: 7, count: 1, url: expect.stringContaining('login.cjs') });
    expect(compare!.doneMs).toBeGreaterThan(0);
  });
});
