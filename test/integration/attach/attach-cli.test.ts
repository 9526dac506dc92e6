// `checkup attach` against real servers started without any flag (Node 20, 22 and 24, CommonJS and ESM) and one
// started with --inspect=127.0.0.1:0 (by its ws:// URL): the same load, profile, diagnosis and session as
// `checkup run`, and afterwards the server still answers, with its inspector closed if Checkup opened it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionFile } from '../../../app/contract/session.js';
import { runCli, startCli, waitFor } from '../../helpers/cli.js';
import { answer, apps, NODE20, NODE22, NODE24, ports, startApp, type RunningApp } from './running-app.js';

const load = ['-d', '2', '--warmup', '1', '-c', '4'];
let running: RunningApp[] = [];
afterEach(async () => {
  await Promise.all(running.map((a) => a.stop()));
  running = [];
});

async function app(...args: Parameters<typeof startApp>): Promise<RunningApp> {
  const a = await startApp(...args);
  running.push(a);
  return a;
}

interface AttachDoc {
  session: string;
  status: string;
  target: { attached?: boolean; pid?: number; port?: number; nodeVersion?: string };
  diagnosis: { verdict: string; findings: Array<{ culprits?: Array<{ url: string }> }> };
  error?: { code: string };
}

async function attach(to: string, extra: string[] = []): Promise<{ code: number | null; doc: AttachDoc; stderr: string }> {
  const out = mkdtempSync(join(tmpdir(), 'checkup-attach-out-'));
  const r = await runCli(['attach', to, '--json', '--out', out, ...load, ...extra]);
  return { code: r.code, doc: JSON.parse(r.stdout) as AttachDoc, stderr: r.stderr };
}

/** The run found the blocking function in the app's own file, and the app was left as it was. */
async function expectAttachedRun(a: RunningApp, doc: AttachDoc, inspectorClosed = true): Promise<void> {
  expect(doc.status).toBe('complete');
  expect(doc.target).toMatchObject({ attached: true, pid: a.pid, port: a.port });
  expect(doc.diagnosis.verdict).toBe('event-loop-blocked');
  expect(doc.diagnosis.findings.flatMap((f) => f.culprits ?? []).some((c) => c.url.endsWith(a.file.split('/').pop()!))).toBe(true);
  const session = JSON.parse(readFileSync(join(doc.session, 'session.json'), 'utf8')) as SessionFile;
  expect(session.target.attached).toBe(true);
  expect(session.recipe.attach?.to).toBeTruthy();
  expect(session.target.command?.some((arg) => arg === a.file)).toBe(true);
  // Left running, still serving, and (when Checkup opened it) its inspector closed again.
  expect(a.child.exitCode).toBeNull();
  expect((await answer(a.port)).status).toBe(200);
  if (inspectorClosed) expect(ports(a.pid)).toEqual([a.port]);
}

describe('checkup attach <pid>', () => {
  for (const [label, node] of [['Node 20', NODE20], ['Node 22', NODE22], ['Node 24', NODE24]] as const) {
    it(`an http server started without flags on ${label}: diagnosed, then left serving with its inspector closed`, async () => {
      const a = await app(apps.http, { node });
      const { code, doc, stderr } = await attach(String(a.pid));
      expect(code, stderr).toBe(0);
      expect(doc.target.nodeVersion?.slice(1, 3)).toBe(label.slice(5));
      await expectAttachedRun(a, doc);
    });
  }

  it('an express server, attached twice: the first detach left nothing behind that stops the second', async () => {
    const a = await app(apps.express);
    for (let i = 0; i < 2; i++) {
      const { code, doc, stderr } = await attach(String(a.pid));
      expect(code, stderr).toBe(0);
      await expectAttachedRun(a, doc);
      // Nothing was started: the progress says what happened.
      expect(stderr).toContain('attaching to the app');
      expect(stderr).not.toContain('starting the app');
      expect(stderr).not.toContain('waiting for the app to listen');
    }
  });

  it('an ES module server (no require in its scope) on Node 22', async () => {
    const a = await app(apps.esm, { node: NODE22, ext: '.mjs' });
    const { code, doc, stderr } = await attach(String(a.pid));
    expect(code, stderr).toBe(0);
    await expectAttachedRun(a, doc);
  });

  it('by the ws:// URL of a server started with --inspect=127.0.0.1:0: its own inspector stays open', async () => {
    const a = await app(apps.http, { nodeArgs: ['--inspect=127.0.0.1:0'] });
    await waitFor(() => a.inspectorUrl() !== undefined, 5000);
    const url = a.inspectorUrl()!;
    const { code, doc, stderr } = await attach(url);
    expect(code, stderr).toBe(0);
    await expectAttachedRun(a, doc, false);
    expect(ports(a.pid)).toContain(Number(new URL(url).port));
  });

  it('Ctrl-C during the load: a partial session, and the app keeps running, inspector closed', async () => {
    const a = await app(apps.http);
    const out = mkdtempSync(join(tmpdir(), 'checkup-attach-out-'));
    const cli = startCli(['attach', String(a.pid), '--out', out, '-d', '30', '--warmup', '1', '-c', '2']);
    let stderr = '';
    cli.child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    expect(await waitFor(() => stderr.includes('measuring'), 20_000)).toBe(true);
    cli.child.kill('SIGINT');
    const r = await cli.done;
    expect(r.code, r.stderr).toBe(4);
    expect(a.child.exitCode).toBeNull();
    expect((await answer(a.port)).status).toBe(200);
    expect(ports(a.pid)).toEqual([a.port]);
  });
});

describe('checkup attach refuses', () => {
  it('a process that is not node (a sleep), which is never signalled', async () => {
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const r = await runCli(['attach', String(sleeper.pid), '--json']);
      expect(r.code).toBe(2);
      expect(JSON.parse(r.stdout).error.code).toBe('CHK_ATTACH_NOT_NODE');
      expect(sleeper.exitCode).toBeNull();
      expect(sleeper.signalCode).toBeNull();
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('an inspector that cannot open (port 9229 taken): said so, with the way out, and the app left running', async () => {
    const a = await app(apps.http);
    const blocker = createServer().listen(9229, '127.0.0.1');
    await once(blocker, 'listening');
    try {
      const r = await runCli(['attach', String(a.pid), '--json']);
      expect(r.code).toBe(3);
      const { error } = JSON.parse(r.stdout) as { error: { code: string; message: string; hint: string } };
      expect(error.code).toBe('CHK_ATTACH_INSPECTOR_PORT_TAKEN');
      expect(error.message).toContain('9229');
      expect(error.hint).toContain('--inspect=127.0.0.1:0');
    } finally {
      blocker.close();
    }
    expect(a.child.exitCode).toBeNull();
    expect((await answer(a.port)).status).toBe(200);
  });

  it('a pid that does not exist, an inspector on another host, and launch-only options', async () => {
    const gone = await runCli(['attach', '999999999', '--json']);
    expect(JSON.parse(gone.stdout).error.code).toBe('CHK_ATTACH_NO_PROCESS');
    const remote = await runCli(['attach', '10.1.2.3:9229', '--json']);
    expect(JSON.parse(remote.stdout).error.code).toBe('CHK_ATTACH_REMOTE');
    const launch = await runCli(['attach', '123', '--repeat', '3', '--json']);
    expect(JSON.parse(launch.stdout).error.code).toBe('CHK_INVALID_OPTIONS');
    for (const r of [gone, remote, launch]) expect(r.code).toBe(2);
  });
});
