// Text from outside never steers the terminal (issue 15, item 6): function names in a profile someone sent, a
// session's name and note, the target's own output echoed in an error, and a path the user typed all reach the
// terminal with their control characters made visible (`\x1b`), never as escape sequences that clear the screen,
// set the window title or plant a hyperlink. The real `checkup` command, real files, a real target process.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RecipeSchema } from '../../../app/contract/recipe.js';
import { SessionWriter } from '../../../app/store/session-writer.js';
import { runCli } from '../../helpers/cli.js';
import { loadWith, sampleAt } from '../../helpers/session-parts.js';

const CLEAR = '\x1b[2J\x1b[H';
const TITLE = '\x1b]0;you have been pwned\x07';
const LINK = '\x1b]8;;https://evil.example/\x1b\\click me\x1b]8;;\x1b\\';
const C1_CSI = '\u009b31m';

/** No byte that starts or ends a terminal sequence: ESC, BEL, CSI (C1), ST (C1), OSC (C1). */
function expectInert(text: string): void {
  expect(text).not.toMatch(/[\x1b\x07\u009b\u009c\u009d]/);
}

function profileWithNames(names: string[]): string {
  const nodes = [
    { id: 1, callFrame: { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 }, hitCount: 0, children: names.map((_, i) => i + 2) },
    ...names.map((functionName, i) => ({ id: i + 2, callFrame: { functionName, scriptId: '1', url: 'file:///srv/app/evil.js', lineNumber: i * 10, columnNumber: 2 }, hitCount: 0, children: [] })),
  ];
  const samples: number[] = [];
  for (let k = 0; k < 400; k++) samples.push((k % names.length) + 2);
  return JSON.stringify({ nodes, startTime: 0, endTime: samples.length * 1000, samples, timeDeltas: samples.map(() => 1000) });
}

describe('terminal escape injection', () => {
  it('`checkup inspect` prints function names that carry clear-screen, title and hyperlink sequences as visible text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkup-escapes-'));
    const file = join(dir, 'evil.cpuprofile');
    writeFileSync(file, profileWithNames([`wipe${CLEAR}`, `title${TITLE}`, `link${LINK}`, `csi${C1_CSI}`]));
    const r = await runCli(['inspect', file]);
    expect(r.code, r.stderr).toBe(0);
    expectInert(r.stdout);
    expectInert(r.stderr);
    expect(r.stdout).toContain('wipe\\x1b[2J\\x1b[H');
    expect(r.stdout).toContain('title\\x1b]0;you have been pwned\\x07');
    expect(r.stdout).toContain('link\\x1b]8;;https://evil.example/\\x1b\\click me');
    expect(r.stdout).toContain('csi\\x9b31m');
    // --json is a document for programs: the names stay exactly what the profile holds (JSON escapes them itself).
    const doc = JSON.parse((await runCli(['inspect', file, '--json'])).stdout);
    expect(doc.topFunctions.map((f: { functionName: string }) => f.functionName)).toContain(`wipe${CLEAR}`);
  });

  it('`checkup sessions` prints a session name and note carrying escape sequences as visible text', async () => {
    const out = mkdtempSync(join(tmpdir(), 'checkup-escapes-'));
    const recipe = RecipeSchema.parse({ target: { kind: 'lab', lab: 'healthy' }, note: `note${TITLE}` });
    const w = await SessionWriter.create(out, { name: `name${CLEAR}`, project: `/srv/${LINK}`, recipe });
    w.appendSample(sampleAt(Date.now()));
    await w.writeLoad(loadWith(100));
    await w.finish('complete');
    const r = await runCli(['sessions', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expectInert(r.stdout);
    expect(r.stdout).toContain('note\\x1b]0;you have been pwned\\x07');
    expect(r.stdout).toContain('/srv/\\x1b]8;;https://evil.example/');
  });

  it('an error that carries what the user typed, or what the target printed, is inert', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'checkup-escapes-'));
    const missing = await runCli(['inspect', join(dir, `gone${TITLE}.cpuprofile`)]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('CHK_FILE_NOT_FOUND');
    expectInert(missing.stderr);
    expect(missing.stderr).toContain('gone\\x1b]0;');

    const unknown = await runCli([`run${CLEAR}`]);
    expect(unknown.code).toBe(2);
    expectInert(unknown.stderr);

    // A real target that prints escape sequences and exits before listening: its last lines are echoed in the error.
    const script = join(dir, 'noisy.js');
    writeFileSync(script, `process.stderr.write(${JSON.stringify(`${CLEAR}${TITLE}${LINK}\n`)}); process.exit(3);\n`);
    const run = await runCli(['run', '--out', join(dir, 'sessions'), '--', process.execPath, script]);
    expect(run.code).toBe(3);
    expect(run.stderr + run.stdout).toContain('CHK_TARGET_EXITED_EARLY');
    expectInert(run.stdout);
    expectInert(run.stderr);
    expect(run.stderr + run.stdout).toContain('\\x1b]0;you have been pwned\\x07');
  }, 60_000);
});
