// A command's own options (before `--`) and the app's command (after it), as every launching command reads them:
// run, attach, routes, startup. Unknown or malformed options are CHK_INVALID_OPTIONS in the parser's own words.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CheckupError } from '../errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export function parseCommandLine<const O extends Options>(argv: string[], options: O) {
  const dashes = argv.indexOf('--');
  const own = dashes >= 0 ? argv.slice(0, dashes) : argv;
  const command = dashes >= 0 ? argv.slice(dashes + 1) : [];
  try {
    const parsed = parseArgs({ args: own, options, allowPositionals: true, strict: true });
    return { values: parsed.values, positionals: parsed.positionals, command };
  } catch (err) {
    throw new CheckupError('CHK_INVALID_OPTIONS', { detail: (err as Error).message.split('\n')[0]! });
  }
}

/** `NAME=VALUE` items (`-e`, `--header`) as a record; `what` names the option in the error. */
export function keyValues(list: readonly string[] | undefined, sep: string, what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list ?? []) {
    const at = item.indexOf(sep);
    if (at <= 0) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `${what} must look like NAME${sep}VALUE, not "${item}"` });
    out[item.slice(0, at).trim()] = item.slice(at + 1).trim();
  }
  return out;
}
