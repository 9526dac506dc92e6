// A gzip bomb (a ~1 MB file that inflates to more than a gigabyte) is refused while it inflates, at every place that
// inflates: a gzipped profile, a tar.gz profile set, a session bundle. The peak memory of the process that opens it
// (VmHWM, Linux) stays near the inflation limit instead of growing with the bomb.
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip, constants } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFLATED_LIMIT_BYTES } from '../../../app/bounded-gunzip.js';
import { rootDir } from '../../../app/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-bomb-'));
const MB = 1024 * 1024;
/** Well past the old limits (1 GB for profiles); the bomb file itself stays near 1 MB. */
const INFLATED = 1100 * MB;

/** A gzip file of `head` followed by zeros, `total` bytes once inflated, written as a stream. */
async function writeBomb(path: string, head: Buffer, total: number): Promise<void> {
  const zeros = Buffer.alloc(4 * MB);
  async function* body() {
    yield head;
    for (let left = total - head.length; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
  }
  await pipeline(Readable.from(body()), createGzip({ level: constants.Z_BEST_COMPRESSION }), createWriteStream(path));
}

/** A ustar header for one regular file whose size is `size` (the bomb's zeros are its data). */
function tarHeader(name: string, size: number): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0);
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(size.toString(8).padStart(11, '0') + '\0', 124);
  h.write('00000000000\0', 136);
  h.write('0', 156);
  h.write('ustar\0' + '00', 257);
  h.fill(' ', 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
  return h;
}

/** Opens `file` in a fresh Node process with the built engine; returns the error code and the peak resident memory. */
function openInChild(kind: 'profile' | 'bundle', file: string): { code: string; peakMb: number } {
  const script = `
    const kind = process.argv[1], file = process.argv[2];
    const open = kind === 'profile'
      ? (await import(${JSON.stringify(join(rootDir, 'out/app/profile/import/index.js'))})).importProfile({ path: file })
      : (await import(${JSON.stringify(join(rootDir, 'out/app/share/bundle.js'))})).importBundle(file, ${JSON.stringify(join(dir, 'sessions'))});
    let code = 'none';
    try { await open; } catch (err) { code = err.code ?? String(err); }
    const hwm = /VmHWM:\\s+(\\d+) kB/.exec(require('node:fs').readFileSync('/proc/self/status', 'utf8'))[1];
    console.log(JSON.stringify({ code, peakMb: Number(hwm) / 1024 }));
  `;
  const wrapped = `import { createRequire } from 'node:module'; const require = createRequire(import.meta.url); ${script}`;
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', wrapped, kind, file], { encoding: 'utf8', timeout: 110_000 });
  expect(out.stderr).toBe('');
  return JSON.parse(out.stdout) as { code: string; peakMb: number };
}

/** What an idle engine process with nothing opened takes, plus the limit, plus room for the parsers' own state. */
const PEAK_BOUND_MB = INFLATED_LIMIT_BYTES / MB + 250;

beforeAll(async () => {
  await writeBomb(join(dir, 'bomb.cpuprofile.gz'), Buffer.from('{"nodes":['), INFLATED);
  await writeBomb(join(dir, 'bomb.tar.gz'), tarHeader('a.cpuprofile', INFLATED), INFLATED + 512);
  await writeBomb(join(dir, 'bomb.checkup'), Buffer.from('{"format":"checkup-session-bundle","version":1,"files":{"session.json":"'), INFLATED);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(process.platform !== 'linux')('a gzip bomb', () => {
  it('is small on disk and inflates past every old limit', () => {
    expect(statSync(join(dir, 'bomb.cpuprofile.gz')).size).toBeLessThan(2 * MB);
  });

  it.each([
    ['a gzipped profile', 'profile', 'bomb.cpuprofile.gz'],
    ['a tar.gz profile set', 'profile', 'bomb.tar.gz'],
    ['a session bundle', 'bundle', 'bomb.checkup'],
  ] as const)('is refused while inflating as %s, with the peak memory bounded', (_label, kind, name) => {
    const { code, peakMb } = openInChild(kind, join(dir, name));
    expect(code).toBe('CHK_PROFILE_TOO_LARGE');
    expect(peakMb).toBeLessThan(PEAK_BOUND_MB);
  });
});
