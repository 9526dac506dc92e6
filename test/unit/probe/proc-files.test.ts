// The probe's /proc reads (proc-files.cjs): a file opened once and read again from its start gives fresh figures, a
// thread that is gone throws and its descriptor is closed, and the probe leaves no descriptor behind when it stops.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import * as fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { createProcFiles } = require('../../../app/probe/proc-files.cjs') as {
  createProcFiles(f: typeof fs): { read(path: string): string; closeUnless(keep: (path: string) => boolean): void; closeAll(): void };
};
const linux = process.platform === 'linux';
/** Descriptors open on a schedstat file: the module's alone (a worker thread opens descriptors of its own). */
const openFds = () =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).endsWith('/schedstat');
    } catch {
      return false; // the directory's own descriptor, closed by now
    }
  }).length;
const runNs = (text: string) => Number(text.split(' ')[0]);

describe.runIf(linux)('proc files read through a kept descriptor', () => {
  it('reads the same text as a fresh read, and fresh figures each time', () => {
    const files = createProcFiles(fs);
    const path = `/proc/self/task/${process.pid}/schedstat`;
    const first = files.read(path);
    expect(first.trim().split(' ')).toHaveLength(3);
    const before = openFds();
    let spin = 0;
    const until = Date.now() + 30;
    while (Date.now() < until) spin++;
    const second = files.read(path);
    expect(openFds()).toBe(before); // no new descriptor per read
    expect(runNs(second)).toBeGreaterThan(runNs(first));
    expect(runNs(readFileSync(path, 'latin1'))).toBeGreaterThanOrEqual(runNs(second));
    files.closeAll();
    expect(openFds()).toBe(before - 1);
    expect(spin).toBeGreaterThan(0);
  });

  it("throws for a thread that has ended and closes its file; closeUnless closes the files it refuses", async () => {
    const files = createProcFiles(fs);
    const before = openFds();
    const worker = new Worker('setTimeout(() => {}, 200)', { eval: true });
    await new Promise((r) => worker.once('online', r));
    const tids = readdirSync('/proc/self/task').filter((t) => t !== String(process.pid));
    for (const tid of tids) files.read(`/proc/self/task/${tid}/schedstat`);
    files.read(`/proc/self/task/${process.pid}/schedstat`);
    expect(openFds()).toBe(before + tids.length + 1);
    await new Promise((r) => worker.once('exit', r));
    await new Promise((r) => setTimeout(r, 50));
    const gone = tids.filter((tid) => !readdirSync('/proc/self/task').includes(tid));
    expect(gone.length).toBeGreaterThan(0);
    for (const tid of gone) expect(() => files.read(`/proc/self/task/${tid}/schedstat`)).toThrow();
    expect(openFds()).toBe(before + tids.length + 1 - gone.length);
    files.closeUnless((path) => path.includes(`/${process.pid}/`));
    expect(openFds()).toBe(before + 1);
    files.closeAll();
    expect(openFds()).toBe(before);
  });
});
