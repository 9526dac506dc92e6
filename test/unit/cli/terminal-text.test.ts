// What may reach a terminal (cli/terminal.ts decides, once): outside text never steers the terminal, never starts a
// line of its own (a fake "Verdict" under ours), never reorders what is read (bidi overrides and isolates); every
// command's output passes the last guard, which lets through only our own styles. The start-up report, which printed
// module paths raw, is checked as a whole printer.
import { describe, expect, it } from 'vitest';
import { humanStartup } from '../../../app/cli/startup-report.js';
import { printable, terminalSafe } from '../../../app/cli/terminal.js';
import type { StartupResult } from '../../../app/contract/startup.js';

/** No character that steers a terminal, breaks a line or reorders text. */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const FAKE = '\n  Verdict     no problem found\r';
const BIDI = 'evil\u202egnp.js\u2066x\u2069';

describe('printable', () => {
  it('puts outside text on one line, every break, control and bidi character visible', () => {
    const shown = printable(`handler${FAKE}${BIDI}\u2028\u0085\u001b[2J`);
    expect(shown).not.toMatch(UNSAFE);
    expect(shown).not.toContain('\n');
    expect(shown).toBe('handler\\n  Verdict     no problem found\\revil\\u202egnp.js\\u2066x\\u2069\\u2028\\x85\\x1b[2J');
    expect(printable('tab\tstays')).toBe('tab\tstays');
  });
});

describe('terminalSafe', () => {
  it('keeps our own styles and progress redraws, and makes anything else inert', () => {
    const ours = '\u001b[1mBold\u001b[22m \u001b[31mred\u001b[39m\n\r\u001b[2Kprogress';
    expect(terminalSafe(ours)).toBe(ours);
    const foreign = terminalSafe(`name\u001b]0;title\u0007 \u001b[8mhidden \u009b2J ${BIDI}\r over`);
    expect(foreign).not.toMatch(UNSAFE);
    expect(foreign).toContain('\\x1b]0;title\\x07');
    expect(foreign).toContain('\\x1b[8m');
  });

  it('leaves a JSON document valid and meaning the same', () => {
    const value = { name: `x\u202e\u0085\u2028\u007fy` };
    const safe = terminalSafe(JSON.stringify(value));
    expect(safe).not.toMatch(UNSAFE);
    expect(JSON.parse(safe)).toEqual(value);
  });
});

describe('the start-up report', () => {
  it('prints module paths and package names carrying escapes and line breaks as visible text', () => {
    const mod = (id: string) => ({ id, package: 'evil', selfMs: 5, totalMs: 9, format: 'cjs', resolveMs: 0, readMs: 0, execMs: 1 });
    const result = {
      runs: [{ purpose: 'timed', readyKind: 'listen' }],
      readyMs: { median: 10, min: 9, max: 11 },
      firstUserCodeMs: { median: 2, min: 1, max: 3 },
      packages: [{ name: `pkg\u001b]8;;https://evil.example/\u0007${FAKE}`, totalMs: 9, selfMs: 5, modules: 1, direct: true }],
      modules: [mod(`/srv/app/node_modules/evil/\u001b[2J${FAKE}${BIDI}`)],
      heaviestPath: [`a${FAKE}`],
      advice: [{ kind: 'lazy-load', measured: false, title: `Load it later${FAKE}` }],
      tracing: { notes: [`note${FAKE}`] },
    } as unknown as StartupResult;
    const text = humanStartup(`/srv/sessions/x${FAKE}`, result);
    expect(text).not.toMatch(UNSAFE);
    expect(text.split('\n').filter((l) => /Verdict/.test(l)).every((l) => !/^\s*Verdict/.test(l))).toBe(true);
    expect(text).toContain('/srv/app/node_modules/evil/\\x1b[2J\\n  Verdict');
  });
});
