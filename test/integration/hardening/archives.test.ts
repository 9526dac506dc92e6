// Profile sets from a crafted archive: a tar header with a negative size (it looped at 100 % CPU, or grew memory by
// ~90 MB/s as a regular file), a broken checksum, a long-name record of megabytes (printed in full), archives nested
// in archives (the 500-file limit applied per level: a 20 KB file held 250,000 profiles) and a pprof declaring 20,000
// sample types (18 s). Each is refused with a coded error, quickly, in a fresh process with the built engine, and a
// set within the one budget still opens.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../../app/paths.js';
import { runCli } from '../../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-archives-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A ustar header; `size` is written as given (a crafted one may be "-1000"); the checksum is right unless `badSum`. */
function header(name: string, size: string, type: string, badSum = false): Buffer {
  const h = Buffer.alloc(512);
  h.write(name.slice(0, 99), 0);
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write((/^[0-7]+$/.test(size) ? size.padStart(11, '0') : size) + '\0', 124);
  h.write('00000000000\0', 136);
  h.write(type, 156);
  h.write('ustar\0' + '00', 257);
  h.fill(' ', 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  h.write((sum + (badSum ? 1 : 0)).toString(8).padStart(6, '0') + '\0 ', 148);
  return h;
}

function pad(data: Buffer): Buffer {
  return Buffer.concat([data, Buffer.alloc((512 - (data.length % 512)) % 512)]);
}

function tar(files: Array<[string, Buffer]>): Buffer {
  return Buffer.concat([...files.flatMap(([name, data]) => [header(name, data.length.toString(8), '0'), pad(data)]), Buffer.alloc(1024)]);
}

const PROFILE = Buffer.from(
  JSON.stringify({
    nodes: [
      { id: 1, callFrame: { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 }, hitCount: 0, children: [2] },
      { id: 2, callFrame: { functionName: 'work', scriptId: '1', url: 'file:///srv/app.js', lineNumber: 1, columnNumber: 1 }, hitCount: 0, children: [] },
    ],
    startTime: 0,
    endTime: 4000,
    samples: [2, 2, 2, 2],
    timeDeltas: [1000, 1000, 1000, 1000],
  }),
);

/** Opens `file` in a fresh Node process; the error code, or 'none', or 'timeout' when it did not finish in 20 s. */
function openInChild(file: string): { code: string; profiles: number } {
  const script = `
    let code = 'none', profiles = 0;
    try { profiles = (await (await import(${JSON.stringify(join(rootDir, 'out/app/profile/import/index.js'))})).importProfile({ path: process.argv[1] })).profiles.length; }
    catch (err) { code = err.code ?? String(err); }
    console.log(JSON.stringify({ code, profiles }));`;
  const out = spawnSync(process.execPath, ['--max-old-space-size=1024', '--input-type=module', '-e', script, file], { encoding: 'utf8', timeout: 20_000 });
  if (out.signal || out.status !== 0) return { code: out.signal ? 'timeout' : `exit ${out.status}`, profiles: 0 };
  return JSON.parse(out.stdout) as { code: string; profiles: number };
}

function write(name: string, data: Buffer): string {
  const file = join(dir, name);
  writeFileSync(file, data);
  return file;
}

describe('a tar header', () => {
  it.each([
    ['a negative size on a folder entry (looped)', '5'],
    ['a negative size on a regular file (grew memory)', '0'],
  ])('with %s is refused as malformed', (_label, type) => {
    const file = write(`negative-${type}.tar`, Buffer.concat([header('a.cpuprofile', '-1000', type), Buffer.alloc(2048)]));
    expect(openInChild(file).code).toBe('CHK_PROFILE_MALFORMED');
  });

  it('whose checksum does not hold is refused as malformed', () => {
    const good = tar([['a.cpuprofile', PROFILE]]);
    const bad = Buffer.concat([header('a.cpuprofile', PROFILE.length.toString(8), '0', true), good.subarray(512)]);
    expect(openInChild(write('bad-sum.tar', bad)).code).toBe('CHK_PROFILE_MALFORMED');
  });

  it('naming a file of 3 MB is refused, and the name is not printed', async () => {
    const longName = Buffer.alloc(3 * 1024 * 1024, 'n');
    const file = write('long-name.tar', Buffer.concat([header('././@LongLink', longName.length.toString(8), 'L'), pad(longName), tar([['a.cpuprofile', PROFILE]])]));
    const r = await runCli(['inspect', file, '--json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error.code).toBe('CHK_PROFILE_MALFORMED');
    expect(r.stdout.length + r.stderr.length).toBeLessThan(4000);
  });
});

describe('archives in archives', () => {
  it('share one budget of files: 30 tar.gz of 30 profiles each (900) are refused', () => {
    const inner = gzipSync(tar(Array.from({ length: 30 }, (_, i) => [`p${i}.cpuprofile`, PROFILE] as [string, Buffer])));
    const outer = gzipSync(tar(Array.from({ length: 30 }, (_, i) => [`host${i}.tar.gz`, inner] as [string, Buffer])));
    expect(openInChild(write('nested.tar.gz', outer)).code).toBe('CHK_PROFILE_TOO_LARGE');
  });

  it('nest at most three deep', () => {
    let archive = gzipSync(tar([['p.cpuprofile', PROFILE]]));
    for (let level = 0; level < 4; level++) archive = gzipSync(tar([[`level${level}.tar.gz`, archive]]));
    expect(openInChild(write('deep.tar.gz', archive)).code).toBe('CHK_PROFILE_TOO_DEEP');
  });

  it('within the budget still open: 3 tar.gz of 3 profiles each', () => {
    const inner = gzipSync(tar(Array.from({ length: 3 }, (_, i) => [`p${i}.cpuprofile`, PROFILE] as [string, Buffer])));
    const outer = gzipSync(tar(Array.from({ length: 3 }, (_, i) => [`host${i}.tar.gz`, inner] as [string, Buffer])));
    const opened = openInChild(write('fits.tar.gz', outer));
    expect(opened.code).toBe('none');
    expect(opened.profiles).toBeGreaterThanOrEqual(3);
  });
});

/** Protocol buffers, just enough to write a pprof Profile message. */
const varint = (n: number): number[] => {
  const out: number[] = [];
  while (n > 127) {
    out.push((n & 127) | 128);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
};
const field = (num: number, bytes: number[]): number[] => [...varint((num << 3) | 2), ...varint(bytes.length), ...bytes];
const intField = (num: number, value: number): number[] => [...varint(num << 3), ...varint(value)];

describe('a pprof file', () => {
  it('declaring 20,000 sample types is refused at once', () => {
    const strings = ['', 'cpu', 'nanoseconds', 'work', 'app.js'];
    const types = 20_000;
    const body: number[] = [];
    for (let t = 0; t < types; t++) body.push(...field(1, [...intField(1, 1), ...intField(2, 2)]));
    body.push(...field(2, [...field(1, varint(1)), ...field(2, Array.from({ length: types }, () => varint(1)).flat())]));
    body.push(...field(4, [...intField(1, 1), ...field(4, [...intField(1, 1), ...intField(2, 3)])]));
    body.push(...field(5, [...intField(1, 1), ...intField(2, 3), ...intField(4, 4)]));
    for (const s of strings) body.push(...field(6, [...Buffer.from(s)]));
    const started = Date.now();
    const r = openInChild(write('types.pb.gz', gzipSync(Buffer.from(body))));
    expect(r.code).toBe('CHK_PROFILE_MALFORMED');
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
