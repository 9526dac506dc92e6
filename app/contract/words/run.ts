// A run in words: the machine's load, the command line, failing requests, a unit's role, the set-up step, the
// headline figures, what "Open in editor" did, and the catalogue's CLI options named as the app's fields.
import type { SetupOutcome } from '../setup.js';
import type { RunFigures } from '../diagnosis.js';
import type { MachineLoad } from '../session.js';
import type { LoadTick } from '../metrics.js';
import type { UnitRole } from '../units.js';
import { num, quantity } from './numbers.js';
import { DB_SYSTEM_NAMES } from '../request-time-words.js';

/**
 * When the machine's other load is worth telling: a quarter of a core taken by other programs moves a CPU-bound
 * server's throughput by several per cent on a small machine; a load generator above nine tenths of a core may be the
 * limit being measured; 5 % steal is a hypervisor taking noticeable time. Judgements, not fitted.
 */
export const MACHINE_NOTICE = { otherCores: 0.25, checkupCores: 0.9, stealPercent: 5 } as const;

/** What the machine's load during a run means for its figures, in sentences; none on a quiet machine. */
export function machineNotes(m: MachineLoad | undefined, run = 'this run'): string[] {
  if (!m) return [];
  const out: string[] = [];
  const servers = (m.databases ?? []).filter((d) => d.cores >= 0.05);
  const ofThem = servers.length ? ` (the app's own ${servers.map((d) => `${DB_SYSTEM_NAMES[d.system]} server ${num(d.cores, 1)}`).join(', ')})` : '';
  if (m.otherCores >= MACHINE_NOTICE.otherCores) out.push(`The machine was busy: other programs used ${num(m.otherCores, 1)} of its ${m.cores} cores during ${run}${ofThem}, so requests/s and latency are lower than the app alone would give.`);
  if (m.checkupCores >= MACHINE_NOTICE.checkupCores) out.push(`Checkup's load generator used ${num(m.checkupCores, 2)} cores during ${run}: it may have been the bottleneck, not the app.`);
  if ((m.stealPercent ?? 0) >= MACHINE_NOTICE.stealPercent) out.push(`The hypervisor gave ${num(m.stealPercent, 0)} % of the CPU time to other guests during ${run}.`);
  return out;
}

/** A command as one line the user can read exactly: an argument with spaces, quotes or shell characters is quoted. */
export function commandLine(command: readonly string[]): string {
  return command.map((a) => (a === '' || /[\s'"\\$`;&|<>()*?!#~]/.test(a) ? JSON.stringify(a) : a)).join(' ');
}

/**
 * Share of the requests sent so far that failed (non-2xx answers, errors and timeouts) from which the live screen
 * warns: half. A wrong path or port fails every request, so it shows from the first second of load; a server shedding
 * some load fails far fewer, and the diagnosis judges that.
 */
export const FAILING_REQUESTS_WARN_SHARE = 0.5;

/** The live screen's warning when most requests fail so far ("98 % of requests failed: 404 Not Found …"), or undefined. */
export function failingRequestsWarning(ticks: ReadonlyArray<Pick<LoadTick, 'requests' | 'errors' | 'non2xx' | 'failedStatuses'>>, url?: string): string | undefined {
  let sent = 0;
  let failed = 0;
  const statuses: Record<string, number> = {};
  for (const t of ticks) {
    sent += t.requests + t.errors;
    failed += t.non2xx + t.errors;
    for (const [code, n] of Object.entries(t.failedStatuses ?? {})) statuses[code] = (statuses[code] ?? 0) + n;
  }
  if (sent === 0 || failed / sent < FAILING_REQUESTS_WARN_SHARE) return undefined;
  const top = Object.entries(statuses).sort((a, b) => b[1] - a[1])[0];
  const what = top ? `the app answers ${top[0]}${STATUS_NAMES[top[0]] ? ` ${STATUS_NAMES[top[0]]}` : ''}` : 'requests get no answer (connection errors or timeouts)';
  const where = url ? ` at ${url}` : '';
  const advice = top?.[0] === '404' || top?.[0] === '405' ? 'Check the request path and method in the recipe.' : 'Check the address and what the app logs.';
  return `${Math.round((failed / sent) * 100)} % of requests failed so far: ${what}${where}. ${advice}`;
}

const STATUS_NAMES: Record<string, string> = {
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '502': 'Bad Gateway',
  '503': 'Service Unavailable',
};

/** How a unit's role reads (app/contract/units.ts): the process tree panel, the thread picker, the CLI. */
export const UNIT_ROLE_NAMES: Record<UnitRole, string> = {
  primary: 'primary',
  'cluster-worker': 'cluster worker',
  child: 'child process',
  'worker-thread': 'worker thread',
};

/** One line that says the set-up step worked and what it carries: every face words it so. */
export function setupWords(outcome: SetupOutcome): string {
  const answers = outcome.answers.map((a) => `${a.method} ${a.path} → ${a.status}${a.statusText ? ` ${a.statusText}` : ''}`).join(', ');
  const carried: string[] = [];
  if (outcome.cookies.length) carried.push(`cookie${outcome.cookies.length > 1 ? 's' : ''} ${outcome.cookies.join(', ')}`);
  if (outcome.token) carried.push(`a ${outcome.token.length}-character token from "${outcome.token.from}" in ${outcome.token.header}`);
  return `${answers}; ${carried.length ? `carrying ${carried.join(' and ')} into every load request` : 'no cookie or token to carry'}`;
}

/** A run's headline figures, labelled as every face shows them (Diagnosis, Comparison, Flame, the HTML report). */
export function runFigureWords(f: RunFigures | undefined): Array<{ key: 'requestsPerSecond' | 'delayP99Ms' | 'loopMsPerRequest'; label: string; text: string }> {
  if (!f) return [];
  return [
    ...(f.requestsPerSecond !== undefined ? [{ key: 'requestsPerSecond' as const, label: 'req/s', text: num(f.requestsPerSecond, 0) }] : []),
    { key: 'delayP99Ms' as const, label: 'event-loop delay p99', text: quantity(f.delayP99Ms, 'ms') },
    ...(f.loopMsPerRequest !== undefined ? [{ key: 'loopMsPerRequest' as const, label: 'event-loop time per request', text: quantity(f.loopMsPerRequest, 'ms') }] : []),
  ];
}

/**
 * What "Open in editor" did, said where the user clicked: the file goes to an editor on the machine running Checkup
 * (in browser mode that may not be the screen being looked at), so the words say which program was asked.
 */
export function editorOpenedWords(opened: 'editor' | 'os' | undefined, where: string, host: 'desktop' | 'browser'): string {
  const machine = host === 'browser' ? ' on the machine running Checkup' : '';
  return opened === 'editor' ? `Asked VS Code to open ${where}${machine}.` : `Handed ${where} to the system's default application${machine}; it opens the file, not always at the line.`;
}

/**
 * The catalogue's hints name the command line's options (it is shared with the CLI); in the app the same advice names
 * the fields on screen. Each pattern is a whole option mention as the catalogue writes it.
 */
const FIELDS_FOR_OPTIONS: ReadonlyArray<[RegExp, string]> = [
  [/ \(--ready-timeout\)/g, ' (“Ready timeout” on the Recipe screen)'],
  [/ \(--path, -m, -b\)/g, ' (“Request paths”, “Method” and “Body” on the Recipe screen)'],
  [/Pass --allow-remote \(or confirm in the app\)/g, 'Confirm it in the app'],
  [/raise --timeout/g, 'run it again with a longer time limit'],
  [/ with --out DIR \(or CHECKUP_DATA_DIR\)/g, ' (set CHECKUP_DATA_DIR to a folder there before starting Checkup)'],
  [/name an older commit with --against \(e\.g\. HEAD~1\)/g, 'compare with an older commit (e.g. HEAD~1)'],
];

/** An error's words as the app shows them: the fields on screen rather than the CLI's options. */
export function inAppWords(text: string): string {
  return FIELDS_FOR_OPTIONS.reduce((t, [pattern, words]) => t.replace(pattern, words), text);
}
