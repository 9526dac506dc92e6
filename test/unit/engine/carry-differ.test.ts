// The working tree's ignored files put into a commit's checkout (real folders in the temp folder, no git): a file the
// commit has its own copy of stays the commit's, and the notes say the two sides differ; the rest is copied or linked.
import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { carriedNotes, carryIgnored } from '../../../app/engine/carry-over.js';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-carry-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('carrying ignored files into the commit\'s checkout', () => {
  it('keeps the commit\'s own copy of a file the working tree ignores, and says the two sides differ', () => {
    const repo = folder({ '.env': 'SETTING=mine\n', 'config/local.json': '{"db":"mine"}', 'uploads/a.bin': 'x' });
    const checkout = folder({ 'config/local.json': '{"db":"committed"}' });
    const carried = carryIgnored(repo, checkout, { ignored: ['.env', 'config/local.json', 'uploads/'], other: [] }, [], []);
    expect(carried.copied).toEqual(['.env']);
    expect(carried.linked).toEqual(['uploads/']);
    expect(carried.skipped).toEqual([{ path: 'config/local.json', why: 'commit-has-its-own' }]);
    expect(readFileSync(join(checkout, 'config', 'local.json'), 'utf8')).toBe('{"db":"committed"}');
    expect(readFileSync(join(checkout, '.env'), 'utf8')).toBe('SETTING=mine\n');
    expect(readlinkSync(join(checkout, 'uploads'))).toBe(join(repo, 'uploads'));
    expect(carriedNotes(carried, 'HEAD')).toContain("The two sides differ in config/local.json: ignored in your working tree, but HEAD has its own, which its side uses.");
  });
});
