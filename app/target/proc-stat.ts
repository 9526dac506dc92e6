// /proc/<pid>/stat on Linux, one process's line, read past its command name (field 2, which may hold spaces and
// parentheses: the fields are read after its last ')'). Index 0 is the state (field 3 of proc(5)).
import { readFileSync } from 'node:fs';

export function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}
