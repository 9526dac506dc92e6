// Apps never outlive Checkup (issue 15 item 5): after `kill -9` of the real CLI, every process of the target's tree is
// gone within 5 s (polled in /proc), whether the app's event loop is blocked for good, its npm script dropped our probe
// from NODE_OPTIONS, or it started a detached grandchild; and a detached grandchild also goes at the end of a normal run.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';
import { processesWith, runCli, startCli, waitFor } from '../../helpers/cli.js';

const fixture = (...parts: string[]) => join(rootDir, 'test', 'fixtures', ...parts);
const outDir = () => mkdtempSync(join(tmpdir(), 'checkup-cli-'));

let markers: string[] = [];
function marker(): string {
  const m = `checkup-test-${randomBytes(6).toString('hex')}`;
  markers.push(m);
  return m;
}

afterEach(() => {
  // Whatever the test found, leave nothing to the next one.
  for (const pid of markers.flatMap((m) => processesWith(m))) process.kill(pid, 'SIGKILL');
  markers = [];
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The target's processes: those with the marker, less the CLI (whose own command line carries it too). */
const targetProcesses = (m: string, cliPid?: number) => processesWith(m).filter((pid) => pid !== cliPid);
const commandLineOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

/** Kill the CLI with SIGKILL once `ready` holds, then expect the whole target tree gone within 5 s. */
async function killCliWhen(args: string[], m: string, ready: (stderr: string) => boolean, atLeast: number): Promise<void> {
  const { child, done } = startCli(args);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  expect(await waitFor(() => ready(stderr), 30_000), stderr).toBe(true);
  expect(targetProcesses(m, child.pid).length).toBeGreaterThanOrEqual(atLeast);
  child.kill('SIGKILL');
  await done;
  const gone = await waitFor(() => targetProcesses(m).length === 0, 5000);
  expect(gone, `left running 5 s after kill -9 of the CLI: ${targetProcesses(m).join(', ')}`).toBe(true);
}

describe('kill -9 of checkup run', () => {
  it('an app whose event loop is blocked for good dies within 5 s', async () => {
    const m = marker();
    const args = ['run', '-d', '30', '--warmup', '1', '--out', outDir(), '--', 'node', fixture('cli', 'blocks-forever.js'), m];
    // The load's first requests block the loop; a second into the warm-up it has been blocked for a while.
    let since = 0;
    await killCliWhen(args, m, (stderr) => {
      if (!/warming up/.test(stderr)) return false;
      since ||= Date.now();
      return Date.now() - since > 1500;
    }, 1);
  });

  it('an npm script that resets NODE_OPTIONS (no probe in the server): npm, its shell and the server die within 5 s', async () => {
    const m = marker();
    const port = await freePort();
    const args = ['run', '--port', String(port), '--no-profile', '--no-heap', '-d', '30', '--warmup', '1', '--cwd', fixture('targets', 'npm-app'), '-e', `PORT=${port}`, '--out', outDir(), '--', 'npm', 'run', 'noprobe', '--', m];
    // npm, its shell and the server all carry the marker. Without a probe the run ends with CHK_PROBE_FAILED once the
    // port answers, so the CLI is killed as soon as the server's process exists.
    await killCliWhen(args, m, () => targetProcesses(m).some((pid) => commandLineOf(pid).includes('hello-server')), 2);
  });

  it('a detached grandchild of the app dies within 5 s', async () => {
    const m = marker();
    const args = ['run', '-d', '30', '--warmup', '1', '--out', outDir(), '--', 'node', fixture('cli', 'spawns-detached.js'), m];
    await killCliWhen(args, m, (stderr) => /warming up/.test(stderr), 2);
  });
});

describe('a normal run', () => {
  it('takes a detached grandchild of the app down with the app', async () => {
    const m = marker();
    const r = await runCli(['run', '-d', '1', '--warmup', '0', '--out', outDir(), '--', 'node', fixture('cli', 'spawns-detached.js'), m]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const gone = await waitFor(() => targetProcesses(m).length === 0, 5000);
    expect(gone, `left running after the run: ${targetProcesses(m).join(', ')}`).toBe(true);
  });
});
