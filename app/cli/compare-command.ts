// `checkup compare BEFORE AFTER [--json] [--out DIR]`: two sessions (folders, or ids in the sessions folder) with their
// figures and tests; or two profiles (files of any format, folders of them, or a session's CPU profile beside a file)
// function by function.
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { EngineApi, ProfileSource } from '../contract/api.js';
import { SESSION_FILES } from '../contract/session.js';
import { CheckupError } from '../errors.js';
import { openInProcessEngine } from '../rpc/in-process.js';
import { humanComparison, humanProfileComparison, jsonComparison, jsonProfileComparison } from './compare-report.js';
import { failWith, processIo, sessionRef, type CliIo } from './io.js';
import { humanStartupComparison, jsonStartupComparison } from './startup-report.js';

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
    if (!before || !after || extra) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'give two sessions or two profiles: `checkup compare BEFORE AFTER` (session folders or ids, profile files)' });
    const { api } = openInProcessEngine(parsed.values.out !== undefined ? { sessionsDir: parsed.values.out } : {});
    const [a, b] = [sessionRef(before), sessionRef(after)];
    if (isSession(a) && isSession(b) && (await isStartup(a, api)) && (await isStartup(b, api))) {
      const comparison = await api.compareStartups({ before: a, after: b });
      io.stdout(json ? JSON.stringify(jsonStartupComparison(comparison), null, 2) + '\n' : humanStartupComparison(comparison));
    } else if (isSession(a) && isSession(b)) {
      const comparison = await api.compareSessions({ before: a, after: b });
      io.stdout(json ? JSON.stringify(jsonComparison(comparison), null, 2) + '\n' : humanComparison(comparison));
    } else {
      const comparison = await api.compareProfiles({ before: profileSource(a), after: profileSource(b) });
      io.stdout(json ? JSON.stringify(jsonProfileComparison(comparison), null, 2) + '\n' : humanProfileComparison(comparison));
    }
    return 0;
  } catch (err) {
    return failWith(err, json, io);
  }
}

/** A start-up session (its comparison is of starts, not of load figures); anything unreadable is left to the others. */
async function isStartup(ref: string, api: EngineApi): Promise<boolean> {
  return api.getStartup({ id: ref }).then(
    () => true,
    () => false,
  );
}

/** An id, a folder holding a session, or nothing at all (the session lookup then says it is missing). */
function isSession(ref: string): boolean {
  if (!isAbsolute(ref) || !existsSync(ref)) return true;
  return statSync(ref).isDirectory() && existsSync(join(ref, SESSION_FILES.session));
}

/** A session's CPU profile, or a profile file (or folder of them) as it is. */
function profileSource(ref: string): ProfileSource {
  if (!isAbsolute(ref)) return { kind: 'session', sessionId: ref, file: 'cpu' };
  return { kind: 'file', path: isSession(ref) ? join(ref, SESSION_FILES.cpuProfile) : ref };
}
