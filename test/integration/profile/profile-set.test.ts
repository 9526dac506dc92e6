// Many profiles at once: the per-thread files of a real `node --cpu-prof` run with a worker thread, as a folder and as
// a tar.gz archive; a gzipped .cpuprofile; and the sets that must be refused or partly skipped.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckupError } from '../../../app/errors.js';
import { summarizeProfile } from '../../../app/diagnosis/profile-summary.js';
import { importProfile } from '../../../app/profile/import/import-profile.js';
import { profileFixture } from '../../helpers/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-set-'));
const profiles = join(dir, 'cpu-prof');

beforeAll(() => {
  const app = join(dir, 'app.cjs');
  writeFileSync(
    app,
    `const { Worker, isMainThread } = require('node:worker_threads');
function spinMain(ms) { const t = Date.now(); let x = 0; while (Date.now() - t < ms) x += Math.random(); return x; }
function spinWorker(ms) { const t = Date.now(); let x = 0; while (Date.now() - t < ms) x += Math.sqrt(Math.random()); return x; }
if (isMainThread) { new Worker(__filename); spinMain(300); } else { spinWorker(300); }
`,
  );
  execFileSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profiles}`, app]);
  execFileSync('tar', ['czf', join(dir, 'profiles.tgz'), '-C', profiles, '.']);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('profile sets', () => {
  it('opens a folder of per-thread .cpuprofile files as their merge, then each file', async () => {
    const files = readdirSync(profiles).sort();
    expect(files).toHaveLength(2);
    const set = await importProfile({ path: profiles });
    expect(set.format).toBe('cpuprofile');
    expect(set.profiles.map((p) => p.name)).toEqual(['all 2 files (merged)', ...files]);
    const [merged, ...each] = set.profiles;
    expect(merged!.totalWeight).toBeCloseTo(each[0]!.totalWeight + each[1]!.totalWeight, 3);
    expect(merged!.sampleCount).toBe(each[0]!.sampleCount + each[1]!.sampleCount);
    const top = summarizeProfile(merged!, set.format, { top: 5 }).topFunctions.map((f) => f.functionName);
    expect(top).toEqual(expect.arrayContaining(['spinMain', 'spinWorker']));
    const first = summarizeProfile(each[0]!, set.format, { top: 5 }).topFunctions.map((f) => f.functionName);
    expect(first.includes('spinMain') !== first.includes('spinWorker')).toBe(true);
  });

  it('opens the same files from a tar.gz archive with the same figures', async () => {
    const folder = await importProfile({ path: profiles });
    const archive = await importProfile({ path: join(dir, 'profiles.tgz') });
    expect(archive.profiles.map((p) => p.name)).toEqual(folder.profiles.map((p) => p.name));
    expect(archive.profiles.map((p) => p.totalWeight)).toEqual(folder.profiles.map((p) => p.totalWeight));
  });

  it('skips files that are not profiles, naming them, and refuses a folder with none', async () => {
    const mixed = join(dir, 'mixed');
    mkdirSync(mixed);
    for (const f of readdirSync(profiles)) copyFileSync(join(profiles, f), join(mixed, f));
    writeFileSync(join(mixed, 'notes.txt'), 'not a profile');
    const set = await importProfile({ path: mixed });
    expect(set.profiles).toHaveLength(3);
    expect(set.warnings.join(' ')).toMatch(/1 of 3 files were not read as profiles: notes\.txt \(CHK_PROFILE_UNKNOWN_FORMAT\)/);
    const none = join(dir, 'none');
    mkdirSync(none);
    writeFileSync(join(none, 'a.txt'), 'hello');
    expect(((await importProfile({ path: none }).catch((e: unknown) => e)) as CheckupError).code).toBe('CHK_PROFILE_UNKNOWN_FORMAT');
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    expect(((await importProfile({ path: empty }).catch((e: unknown) => e)) as CheckupError).code).toBe('CHK_PROFILE_EMPTY');
  });

  it('opens a gzipped .cpuprofile like the file itself', async () => {
    const plain = await importProfile({ path: profileFixture('node/20.20/cpu-prof.cpuprofile') });
    const zipped = await importProfile({ name: 'x.cpuprofile.gz', data: gzipSync(readFileSync(profileFixture('node/20.20/cpu-prof.cpuprofile'))) });
    expect(zipped.format).toBe('cpuprofile');
    expect(zipped.profiles[0]!.totalWeight).toBe(plain.profiles[0]!.totalWeight);
  });
});
