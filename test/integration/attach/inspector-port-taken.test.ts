// Attach by pid when port 9229 (where Node opens an inspector on demand) is taken: the error says so in the app's own
// words ("Starting inspector on 127.0.0.1:9229 failed: address already in use"), read from its stderr when that is a
// file, else from the port; never "did not answer SIGUSR1".
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectorFailure } from '../../../app/attach/open-inspector.js';
import { runCli, waitFor } from '../../helpers/cli.js';
import { apps, NODE20 } from './running-app.js';

let holder: Server | undefined;

beforeAll(async () => {
  // Hold 9229 unless something else on this machine already does: either way it is taken.
  holder = createServer();
  await new Promise<void>((resolve) => {
    holder!.once('error', () => {
      holder = undefined;
      resolve();
    });
    holder!.listen(9229, '127.0.0.1', () => resolve());
  });
});

afterAll(async () => {
  await new Promise((r) => (holder ? holder.close(r) : r(undefined)));
});

describe('attach when port 9229 is taken', () => {
  it('reads Node\'s own line from an app whose stderr is a log file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkup-port-taken-'));
    writeFileSync(join(dir, 'server.js'), apps.http);
    const log = join(dir, 'app.log');
    const fd = openSync(log, 'w');
    const child = spawn(NODE20, [join(dir, 'server.js')], { cwd: dir, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    try {
      expect(await waitFor(() => /listening \d+/.test(readFileSync(log, 'utf8')), 15_000)).toBe(true);
      const r = await runCli(['attach', String(child.pid), '--json', '-d', '1', '--warmup', '0']);
      const doc = JSON.parse(r.stdout) as { error?: { code: string; message: string } };
      expect(doc.error?.code).toBe('CHK_ATTACH_INSPECTOR_PORT_TAKEN');
      expect(doc.error?.message).toMatch(/port 9229 is taken/);
      expect(doc.error?.message).toMatch(/Starting inspector on 127\.0\.0\.1:9229 failed: address already in use/);
      expect(doc.error?.message).not.toMatch(/SIGUSR1/);
      // The app itself keeps serving.
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill();
    }
  });

  it('finds the line among the rest of the output', () => {
    const stderr = 'listening 4000\nStarting inspector on 127.0.0.1:9229 failed: address already in use\n';
    expect(inspectorFailure(stderr)).toEqual({ line: 'Starting inspector on 127.0.0.1:9229 failed: address already in use', port: 9229 });
    expect(inspectorFailure('listening 4000\n')).toBeUndefined();
  });
});
