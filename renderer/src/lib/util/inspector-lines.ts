// Lines Node writes to the app's stderr because Checkup opened its inspector, not because of anything the app did:
// shown in the app's console they read as the app's errors. Told apart here, in one place, where the live log is read.

const INSPECTOR_LINES = [
  /^Debugger listening on wss?:\/\//,
  /^For help, see: https:\/\/nodejs\.org\/.*inspector/,
  /^Debugger attached\.?$/,
  /^Debugger ending on wss?:\/\//,
  /^Waiting for the debugger to disconnect\.*$/,
];

/** True for a line of Node's own inspector messages. */
export function isInspectorLine(text: string): boolean {
  const line = text.trim();
  return INSPECTOR_LINES.some((re) => re.test(line));
}

/** The app's own lines, and how many of Node's inspector lines were left out. */
export function withoutInspectorLines<T extends { text: string }>(lines: readonly T[]): { kept: T[]; hidden: number } {
  const kept = lines.filter((l) => !isInspectorLine(l.text));
  return { kept, hidden: lines.length - kept.length };
}
