// Probe socket folders left by an engine that died (kill -9) are removed when the next channel opens (issue 15 item 5);
// folders of a live engine, and folders holding anything but a socket, are left alone.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProbeChannel } from '../../../app/target/probe-channel.js';

// The base the channel uses (a short one: Unix socket paths are limited).
const base = tmpdir().length > 60 ? '/tmp' : tmpdir();
/** A pid that was alive a moment ago and is not any more. */
const deadPid = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();

const made: string[] = [];
function channelDir(pid: number | string, suffix: string, files: string[]): string {
  const dir = join(base, `checkup-${pid}-${suffix}`);
  mkdirSync(dir, { recursive: true });
  for (const f of files) writeFileSync(join(dir, f), '');
  made.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('stale probe channel folders', () => {
  it('removes the folder of a dead engine, keeps a live one and anything that is not only a socket', async () => {
    const stale = channelDir(deadPid, 'St4le1', ['probe.sock']);
    const staleEmpty = channelDir(deadPid, 'St4le2', []);
    const live = channelDir(process.pid, 'L1ve01', ['probe.sock']);
    const foreign = channelDir(deadPid, 'Oth3r1', ['probe.sock', 'notes.txt']);
    const channel = await ProbeChannel.open();
    try {
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(staleEmpty)).toBe(false);
      expect(existsSync(live)).toBe(true);
      expect(existsSync(foreign)).toBe(true);
      // Our own folder carries our pid, so that the next engine can tell when we are gone.
      expect(basename(dirname(channel.path))).toMatch(new RegExp(`^checkup-${process.pid}-`));
    } finally {
      await channel.close();
    }
  });
});
