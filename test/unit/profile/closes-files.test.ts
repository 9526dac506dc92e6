// A file that is not a profile, or whose JSON breaks early, is known from its first bytes: the import must close it
// then, not leave the stream open until the garbage collector finds it.
import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importProfile } from '../../../app/profile/import/index.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-closes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function openFilesUnder(folder: string): number {
  let n = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith(folder)) n++;
    } catch {
      // closed while we looked
    }
  }
  return n;
}

describe.runIf(process.platform === 'linux')('importing a file that is not a profile', () => {
  it.each([
    ['plain text, several chunks long', 'notes.txt', 'not a profile at all\n'.repeat(400_000), 'CHK_PROFILE_UNKNOWN_FORMAT'],
    ['JSON broken in its first bytes, several chunks long', 'broken.cpuprofile', '{"nodes": [}' + ' '.repeat(8_000_000), 'CHK_PROFILE_MALFORMED'],
  ])('%s: refused with a coded error, and the file is closed at once', async (_what, name, text, code) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    await expect(importProfile({ path })).rejects.toMatchObject({ code });
    // A stream's close is asynchronous: a few turns of the loop, not a garbage collection.
    await expect.poll(() => openFilesUnder(dir), { timeout: 1000, interval: 20 }).toBe(0);
  });
});
