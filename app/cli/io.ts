// Where a command writes, and how every command reports a failure: a coded error on stderr, or as the one JSON
// document on stdout with --json; the exit status comes from the error catalogue.
import { toCheckupError } from '../errors.js';
import { errorReport } from './report.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export const processIo: CliIo = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

export function failWith(err: unknown, json: boolean, io: CliIo): number {
  const e = toCheckupError(err);
  if (json) io.stdout(JSON.stringify({ error: e.toJSON() }, null, 2) + '\n');
  else io.stderr(errorReport(e.toJSON()) + '\n');
  return e.exitCode;
}
