// Where a command writes, and how every command reports a failure: a coded error on stderr, or as the one JSON
// document on stdout with --json; the exit status comes from the error catalogue.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { RemoteError } from '../contract/rpc.js';
import { exitCodeOf, toCheckupError, type SerializedError } from '../errors.js';
import { errorReport } from './report.js';
import { terminalSafe } from './terminal.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

// Every byte a command writes passes the terminal guard, whatever printer made it.
export const processIo: CliIo = { stdout: (t) => process.stdout.write(terminalSafe(t)), stderr: (t) => process.stderr.write(terminalSafe(t)) };

/** Any failure in its wire form: an engine call's answer as it came, anything else through the catalogue. */
function wireForm(err: unknown): SerializedError {
  return err instanceof RemoteError ? err.serialized : toCheckupError(err).toJSON();
}

export function failWith(err: unknown, json: boolean, io: CliIo): number {
  const error = wireForm(err);
  if (json) io.stdout(JSON.stringify({ error }, null, 2) + '\n');
  else io.stderr(errorReport(error) + '\n');
  return exitCodeOf(error);
}

/** A session on the command line: a folder that exists (made absolute, as the engine takes it), else an id. */
export function sessionRef(arg: string): string {
  const asPath = resolve(arg);
  return existsSync(asPath) ? asPath : arg;
}
