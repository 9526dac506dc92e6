import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectFolder } from '../../../app/engine/project.js';
import { CheckupError } from '../../../app/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'checkup-folder-'));
const file = join(dir, 'server.js');
writeFileSync(file, '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function refusal(typed: string): CheckupError {
  try {
    projectFolder(typed);
  } catch (err) {
    return err as CheckupError;
  }
  throw new Error(`${typed} was accepted`);
}

describe('a project folder as the user types it', () => {
  it('takes a full path, and ~ from the home folder', () => {
    expect(projectFolder(`  ${dir}  `)).toBe(dir);
    expect(projectFolder('~')).toBe(homedir());
    expect(projectFolder('~/')).toBe(homedir());
  });

  it('says a file is a file and names the folder to choose instead', () => {
    const err = refusal(file);
    expect(err.code).toBe('CHK_NOT_A_FOLDER');
    expect(err.message).toBe(`${file} is a file, not a folder.`);
    expect(err.hint).toBe(`Choose the folder that holds it: ${dir}`);
  });

  it('tells a relative path and a missing folder apart, in words without backticks', () => {
    const relative = refusal('my-app');
    expect(relative.code).toBe('CHK_PATH_NOT_ABSOLUTE');
    expect(relative.hint).toMatch(/~\/my-app/);
    const missing = refusal(join(dir, 'nope'));
    expect(missing.code).toBe('CHK_FOLDER_NOT_FOUND');
    for (const e of [relative, missing, refusal(file)]) expect(`${e.message} ${e.hint}`).not.toContain('`');
  });
});
