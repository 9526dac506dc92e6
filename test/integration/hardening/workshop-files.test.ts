// The student's copy of a lab is written only inside the workshop folder, and never over the student's edits unless
// they say so: `checkup lab start` does not write through a link left where a lab file goes (dangling, pointing out of
// the folder), and `checkup lab reset` refuses to overwrite edits without --force (the app asks first). Real CLI.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { labDir } from '../../../app/labs/catalogue.js';
import { runCli } from '../../helpers/cli.js';

const base = mkdtempSync(join(tmpdir(), 'checkup-workshop-files-'));
const env = { CHECKUP_DATA_DIR: join(base, 'data'), CHECKUP_WORKSHOP_DIR: join(base, 'workshop') };
const out = ['--out', join(base, 'sessions')];
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('the student\'s copy of a lab', () => {
  it('`lab start` never writes through a dangling link out of the workshop folder', async () => {
    const copy = join(base, 'workshop', 'node-performance', 'healthy');
    mkdirSync(copy, { recursive: true });
    const outside = join(base, 'outside-target.js');
    symlinkSync(outside, join(copy, 'slow.js'));
    const r = await runCli(['lab', 'start', 'healthy', '--json', ...out], env);
    expect(existsSync(outside), 'a file was written outside the workshop folder').toBe(false);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(lstatSync(join(copy, 'slow.js')).isSymbolicLink()).toBe(true);
  });

  it('`lab reset` refuses to overwrite the student\'s edits without --force, and restores with it', async () => {
    const started = await runCli(['lab', 'start', 'blocking', '--json', ...out], env);
    expect(started.code, started.stdout).toBe(0);
    const { dir } = JSON.parse(started.stdout) as { dir: string };
    const edit = '// my fix in progress\n';
    writeFileSync(join(dir, 'slow.js'), edit);

    const refused = await runCli(['lab', 'reset', 'blocking', '--json', ...out], env);
    expect(readFileSync(join(dir, 'slow.js'), 'utf8'), 'the edit was overwritten').toBe(edit);
    expect(refused.code).toBe(2);
    const error = JSON.parse(refused.stdout).error as { code: string; message: string };
    expect(error.code).toBe('CHK_LAB_RESET_WOULD_OVERWRITE');
    expect(error.message).toContain('slow.js');

    const forced = await runCli(['lab', 'reset', 'blocking', '--force', ...out], env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(join(dir, 'slow.js'), 'utf8')).toBe(readFileSync(join(labDir('blocking'), 'slow.js'), 'utf8'));
    // Nothing edited: a reset needs no --force.
    expect((await runCli(['lab', 'reset', 'blocking', ...out], env)).code).toBe(0);
  });
});
