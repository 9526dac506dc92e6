// An app that floods its output (issue 15 item 3): ~250 MB of log in a few seconds under the real `checkup run`. The
// CLI's peak memory (VmHWM of its process) stays bounded, target.log keeps its head and tail and says, in the log
// and in session.json, how much was dropped.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionFile } from '../../../app/contract/session.js';
import { rootDir } from '../../../app/paths.js';
import { HEAD_BYTES, TAIL_BYTES } from '../../../app/store/target-log.js';
import { startCli } from '../../helpers/cli.js';

const MB = 1024 * 1024;
/** Generous: a quiet run peaks near 115 MB on this machine; before the fix this flood took it past 550 MB. */
const PEAK_BOUND_BYTES = 400 * MB;

function highWaterMark(pid: number): number | undefined {
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined; // exited
  }
}

describe('an app that floods its output', () => {
  it('leaves Checkup with bounded memory and a bounded log that says what was dropped', async () => {
    const out = mkdtempSync(join(tmpdir(), 'checkup-cli-'));
    const app = join(rootDir, 'test', 'fixtures', 'cli', 'floods-output.js');
    const { child, done } = startCli(['run', '-d', '8', '--warmup', '1', '-e', 'FLOOD_MB=250', '--out', out, '--', 'node', app]);
    // VmHWM only grows: its last reading before the process exits is its peak.
    let peak = 0;
    const poll = setInterval(() => (peak = highWaterMark(child.pid!) ?? peak), 100);
    const r = await done;
    clearInterval(poll);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(peak).toBeGreaterThan(0);
    expect(peak, `peak RSS ${(peak / MB).toFixed(0)} MB`).toBeLessThan(PEAK_BOUND_BYTES);

    const dir = join(out, readdirSync(out)[0]!);
    const session = JSON.parse(readFileSync(join(dir, 'session.json'), 'utf8')) as SessionFile;
    const logPath = join(dir, 'target.log');
    expect(statSync(logPath).size).toBeLessThan(HEAD_BYTES + TAIL_BYTES + MB);
    expect(session.log?.droppedBytes).toBeGreaterThan(200 * MB);
    const log = readFileSync(logPath, 'utf8');
    expect(log).toMatch(new RegExp(`\\[checkup: ${session.log!.droppedLines} lines \\(\\d+\\.\\d MB\\) of output were dropped here`));
    // The head (the flood's first line) and the tail (lines written after the dropped ones) are both kept. The tail is
    // told by its line numbers, not by the flood's last words: on a busy machine the run may end before the app has
    // written its 250 MB (CI's and a loaded run's pipe is slower), and the tail is then what it wrote last.
    expect(log).toContain('flood line 0000000000');
    const numbers = [...log.matchAll(/flood line (\d{10})/g)].map((m) => Number(m[1]));
    expect(Math.max(...numbers), 'the tail\'s lines come after the dropped ones').toBeGreaterThan(session.log!.droppedLines);
  });
});
