// `checkup compare BEFORE AFTER [--json] [--out DIR]`: two sessions (folders, or ids in the sessions folder).
import { parseArgs } from 'node:util';
import { CheckupError } from '../errors.js';
import { Engine } from '../engine/engine.js';
import { defaultSessionsDir } from '../paths.js';
import { inProcessClient } from '../rpc/in-process.js';
import { humanComparison, jsonComparison } from './compare-report.js';
import { failWith, processIo, sessionRef, type CliIo } from './io.js';

export async function compareCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  const json = argv.includes('--json');
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options: { json: { type: 'boolean' }, out: { type: 'string' } }, allowPositionals: true, strict: true });
    } catch (err) {
      throw new CheckupError('CHK_INVALID_OPTIONS', { detail: (err as Error).message.split('\n')[0]! });
    }
    const [before, after, extra] = parsed.positionals;
    if (!before || !after || extra) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'give two sessions: `checkup compare BEFORE AFTER` (folders or session ids)' });
    const api = inProcessClient(new Engine({ sessionsDir: parsed.values.out ?? defaultSessionsDir() }));
    const comparison = await api.compareSessions({ before: sessionRef(before), after: sessionRef(after) });
    io.stdout(json ? JSON.stringify(jsonComparison(comparison), null, 2) + '\n' : humanComparison(comparison));
    return 0;
  } catch (err) {
    return failWith(err, json, io);
  }
}
