// target.log bounded (issue 15 item 3), on a real file: the head as it came, one line saying how much was dropped,
// then the tail; nothing dropped when the output fits.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TargetLog } from '../../../app/store/target-log.js';

const line = (i: number) => `line ${String(i).padStart(5, '0')} ${'x'.repeat(40)}`; // 51 bytes + newline
const fresh = () => join(mkdtempSync(join(tmpdir(), 'checkup-target-log-')), 'target.log');

describe('TargetLog', () => {
  it('keeps the head and the tail of a flood and says how much was dropped between them', async () => {
    const path = fresh();
    const log = new TargetLog(path, { headBytes: 52 * 10, tailBytes: 52 * 5 });
    for (let i = 0; i < 1000; i++) log.writeLine(line(i));
    expect(log.dropped).toEqual({ droppedLines: 985, droppedBytes: 985 * 52 });
    expect(await log.close()).toBeUndefined();
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(lines.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => line(i)));
    expect(lines[10]).toMatch(/^\[checkup: 985 lines \(0\.0 MB\) of output were dropped here/);
    expect(lines.slice(11)).toEqual(Array.from({ length: 5 }, (_, i) => line(995 + i)));
  });

  it('writes everything, with no note, when the output fits', async () => {
    const path = fresh();
    const log = new TargetLog(path, { headBytes: 52 * 10, tailBytes: 52 * 5 });
    for (let i = 0; i < 14; i++) log.writeLine(line(i));
    expect(log.dropped).toBeUndefined();
    await log.close();
    expect(readFileSync(path, 'utf8').trimEnd().split('\n')).toEqual(Array.from({ length: 14 }, (_, i) => line(i)));
  });
});
