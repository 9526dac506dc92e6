// What `checkup attach` will not touch, tried the way an attacker on the same machine would set it up: a program that
// is not Node but is called `node` (SIGUSR1 would end it), a Node process of another local user (made with useradd,
// removed after; Checkup runs as root here, where kill() would signal anyone), an app whose inspector is set to listen
// on every address (--inspect-port=0.0.0.0:N: attaching would open it to the network) on Node 20, 22 and 24, and an
// "inspector" whose /json/list names ws://0.0.0.0:... Each is refused with a coded error and left as it was: no signal,
// no inspector opened, no connection made.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { answer, apps, NODE20, NODE22, NODE24, ports, startApp } from '../attach/running-app.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-attach-guards-'));
chmodSync(dir, 0o755);
const OTHER_USER = `chkatt${process.pid % 100000}`;
const asRoot = process.platform === 'linux' && process.getuid?.() === 0;
const children: ChildProcess[] = [];

beforeAll(() => {
  if (asRoot) execFileSync('useradd', ['--no-create-home', '--shell', '/usr/sbin/nologin', OTHER_USER]);
});
afterAll(async () => {
  // userdel refuses a user who still has a process: the other user's server must be gone first.
  await Promise.all(
    children.map((c) => {
      if (c.exitCode !== null || c.signalCode !== null) return undefined;
      const exited = new Promise((resolve) => c.once('exit', resolve));
      c.kill('SIGKILL');
      return exited;
    }),
  );
  if (asRoot) spawnSync('userdel', [OTHER_USER]);
  rmSync(dir, { recursive: true, force: true });
});

async function attachError(to: string): Promise<{ code: number | null; error: { code: string; message: string } }> {
  const r = await runCli(['attach', to, '--json', '-d', '1', '--warmup', '0', '--out', join(dir, 'sessions')]);
  return { code: r.code, error: (JSON.parse(r.stdout) as { error: { code: string; message: string } }).error };
}

async function freePort(): Promise<number> {
  const s = createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const port = (s.address() as AddressInfo).port;
  s.close();
  return port;
}

describe.skipIf(process.platform !== 'linux')('checkup attach refuses, leaving the process as it was', () => {
  it('a program called node that is not Node.js, which is never signalled', async () => {
    const fake = join(dir, 'node');
    copyFileSync('/bin/sleep', fake);
    chmodSync(fake, 0o755);
    const sleeper = spawn(fake, ['60'], { stdio: 'ignore' });
    children.push(sleeper);
    await new Promise((r) => setTimeout(r, 200));
    const r = await attachError(String(sleeper.pid));
    expect(sleeper.signalCode, 'the fake node was sent a signal that ended it').toBeNull();
    expect(r.error.code).toBe('CHK_ATTACH_NOT_NODE');
  });

  it.skipIf(!asRoot)('another user\'s Node.js server, even when Checkup runs as root', async () => {
    const file = join(dir, 'other.js');
    writeFileSync(file, apps.http);
    chmodSync(file, 0o644);
    const uid = Number(execFileSync('id', ['-u', OTHER_USER], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', OTHER_USER], { encoding: 'utf8' }));
    const other = spawn(NODE20, [file], { uid, gid, cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(other);
    let out = '';
    other.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    while (!/listening (\d+)/.test(out)) await new Promise((r) => setTimeout(r, 50));
    const port = Number(/listening (\d+)/.exec(out)![1]);
    const r = await attachError(String(other.pid));
    expect(ports(other.pid!), 'an inspector was opened in another user\'s process').toEqual([port]);
    expect(r.error.code).toBe('CHK_ATTACH_NOT_PERMITTED');
  });

  for (const [label, node] of [['Node 20', NODE20], ['Node 22', NODE22], ['Node 24', NODE24]] as const) {
    it(`an app whose inspector is set to listen on 0.0.0.0 (${label}): not opened`, async () => {
      const inspectPort = await freePort();
      const a = await startApp(apps.http, { node, nodeArgs: [`--inspect-port=0.0.0.0:${inspectPort}`] });
      try {
        const r = await attachError(String(a.pid));
        expect(ports(a.pid), 'the inspector was opened on every address').toEqual([a.port]);
        expect(r.error.code).toBe('CHK_ATTACH_INSPECTOR_EXPOSED');
        expect(r.error.message).toContain(`0.0.0.0:${inspectPort}`);
        expect((await answer(a.port)).status).toBe(200);
      } finally {
        await a.stop();
      }
    });
  }

  it('an inspector address whose /json/list names ws://0.0.0.0:..., which is never connected to', async () => {
    let upgrades = 0;
    const fake = createHttpServer((req, res) => {
      const port = (fake.address() as AddressInfo).port;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify([{ type: 'node', webSocketDebuggerUrl: `ws://0.0.0.0:${port}/0f2c3b1a-0000-4000-8000-000000000000` }]));
    });
    fake.on('upgrade', (_req, socket) => {
      upgrades++;
      socket.destroy();
    });
    fake.listen(0, '127.0.0.1');
    await once(fake, 'listening');
    try {
      const r = await attachError(`127.0.0.1:${(fake.address() as AddressInfo).port}`);
      expect(upgrades, 'a WebSocket was opened to the address the list named').toBe(0);
      expect(r.error.code).toBe('CHK_ATTACH_INSPECTOR_EXPOSED');
    } finally {
      fake.close();
    }
  });
});

describe.skipIf(process.platform !== 'linux')('Ctrl-C during an attach', () => {
  it('while the inspector is opening ends the attach at once (CHK_CANCELLED), the app left as it was', async () => {
    const a = await startApp(apps.http);
    // Port 9229 taken: the inspector cannot open, and the attach waits for it (5 s) — the window Ctrl-C must cut.
    const blocker = createServer().listen(9229, '127.0.0.1');
    await once(blocker, 'listening');
    try {
      const { startCli } = await import('../../helpers/cli.js');
      const cli = startCli(['attach', String(a.pid), '--json', '-d', '1', '--warmup', '0', '--out', join(dir, 'sessions')]);
      // SIGUSR1 arrived (the app says its inspector could not take 9229): the attach is waiting now.
      const deadline = Date.now() + 20_000;
      while (!/address already in use/i.test(a.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(a.output()).toMatch(/address already in use/i);
      const sent = Date.now();
      cli.child.kill('SIGINT');
      const r = await cli.done;
      expect(Date.now() - sent, 'Ctrl-C was ignored until the attach gave up').toBeLessThan(2500);
      expect(r.code).toBe(4);
      expect(JSON.parse(r.stdout).error.code).toBe('CHK_CANCELLED');
      expect(ports(a.pid)).toEqual([a.port]);
      expect((await answer(a.port)).status).toBe(200);
    } finally {
      blocker.close();
      await a.stop();
    }
  });
});
