import { describe, expect, it } from 'vitest';
import { isInspectorLine, withoutInspectorLines } from '../../../renderer/src/lib/util/inspector-lines.js';

describe("Node's inspector lines in the app's console", () => {
  it('are told apart from what the app writes', () => {
    for (const line of [
      'Debugger listening on ws://127.0.0.1:45031/3755b299-0635-4226-983d-8cf6fbb32759',
      'For help, see: https://nodejs.org/en/docs/inspector',
      'Debugger attached.',
      'Debugger ending on ws://127.0.0.1:45031/3755b299-0635-4226-983d-8cf6fbb32759',
      'Waiting for the debugger to disconnect...',
    ]) expect(isInspectorLine(line)).toBe(true);
    for (const line of ['lab blocking (slow) listening on http://127.0.0.1:36087', 'Error: Debugger listening on port failed in my app', 'see: https://nodejs.org/en/docs/inspector']) expect(isInspectorLine(line)).toBe(false);
  });

  it('are left out and counted', () => {
    const lines = [
      { stream: 'stderr', text: 'Debugger listening on ws://127.0.0.1:1/x' },
      { stream: 'stdout', text: 'listening on http://127.0.0.1:3000' },
      { stream: 'stderr', text: 'For help, see: https://nodejs.org/en/docs/inspector' },
    ];
    expect(withoutInspectorLines(lines)).toEqual({ kept: [lines[1]], hidden: 2 });
  });
});
