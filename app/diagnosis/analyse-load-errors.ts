// Failed requests: errors, timeouts and non-2xx answers make every other figure suspect.
import type { Culprit, Evidence } from '../contract/diagnosis.js';
import { named, pct } from './format.js';
import type { AnalyserResult, DiagnosisInput } from './input.js';
import { routeName, routeTotals } from './request-cost.js';
import { parseStackFrames, responsibleFrame } from './stack-frames.js';
import { thresholds as T } from './thresholds.js';
import { loadShedding } from './load-shedding.js';
import type { AppLogGroup } from './app-log.js';
import { ANSWERED, throwSite, type ThrowSite } from './error-sites.js';

/** "thrown in formatInvoice (server.js:12), 11,705 times, answered 500 by express's error handling" (plain text). */
function siteWords(site: ThrowSite): string {
  const times = `${site.estimated ? 'about ' : ''}${site.count.toLocaleString('en-US')} time${site.count === 1 ? '' : 's'}`;
  if (site.framework === ANSWERED) return `answered ${site.status} by the app itself in ${named(site.culprit)}, ${times} (no error was thrown: the code chose that status)`;
  return `thrown in ${named(site.culprit)}, ${times}, answered ${site.status} by ${site.framework}'s error handling`;
}

/** "FST_UNDER_PRESSURE, “Service Unavailable”": a logged error as the evidence names it (plain text). */
function logWords(g: AppLogGroup): string {
  return [g.code, g.message ? `“${g.message}”` : g.type].filter(Boolean).join(', ');
}

export function analyseLoadErrors(input: DiagnosisInput): AnalyserResult {
  const load = input.load;
  if (!load) return { findings: [] };
  const failed = load.errors + load.timeouts + load.non2xx;
  const total = Math.max(1, load.requestsTotal + load.errors + load.timeouts);
  const share = failed / total;
  if (share < T.loadErrorWarningShare) return { findings: [] };
  const codes = Object.entries(load.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .sort((a, b) => b[1] - a[1]);
  // Which route fails, from the app's side, and who threw, from the last error stack the app logged.
  const failing = routeTotals(input.samples).filter((r) => r.errors > 0).sort((a, b) => b.errors - a.errors)[0];
  // The app's own log says why, when it writes JSON lines: its most frequent error, with its stack.
  const logged = (input.appLog?.groups ?? []).find((g) => g.level !== 'warn');
  const shed = loadShedding(input);
  const fromLog = shed?.where ?? responsibleFrame(parseStackFrames(logged?.stack ?? (input.target.stderrTail ?? []).join('\n')));
  // The app's own words first; an app that answered its errors without logging them is read from the probe's hooks
  // on the framework's error path.
  const site = fromLog || shed ? undefined : throwSite(input.samples, failing);
  const thrower = fromLog ?? site?.culprit;
  const culprits: Culprit[] = thrower ? [thrower] : [];
  const evidence: Evidence[] = [
    { label: 'Failed requests', value: Math.round(share * 1000) / 10, unit: '%', series: 'load.errors', threshold: T.loadErrorProblemShare * 100 },
    { label: 'Connection errors', value: load.errors, unit: 'requests', series: 'load.errors' },
    { label: 'Timeouts', value: load.timeouts, unit: 'requests', series: 'load.errors' },
    ...codes.map(([code, n]): Evidence => ({ label: `HTTP ${code} answers`, value: n, unit: 'requests', series: 'load.errors' })),
    ...(failing ? [{ label: `Failed ${routeName(failing)} requests`, value: Math.round((1000 * failing.errors) / Math.max(1, failing.count)) / 10, unit: '%', series: 'routes' as const }] : []),
    ...(logged ? [{ label: `Logged by the app: ${logWords(logged)}`, value: logged.count, unit: 'times', series: 'target' as const }] : []),
    ...(shed?.evidence ?? []),
    ...(site ? [{ label: site.framework === ANSWERED ? `Answered ${site.status} on ${routeName(site)} by ${site.culprit.functionName}` : `Errors answered ${site.status} on ${routeName(site)}, thrown in ${site.culprit.functionName}`, value: site.count, unit: 'times', series: 'routes' as const }] : []),
  ];
  const why = shed
    ? ` These are the app's own load shedding: ${shed.policy}${shed.logged ? ` (its log says ${logWords(shed.logged)}, ${shed.logged.count} times)` : ''} answered ${shed.status}` +
      (shed.where ? ` in ${named(shed.where)}` : '') +
      (shed.resource ? `, when a resource it watches crossed its line: ${shed.resource}` : '') +
      '. The app chose to refuse these requests: lower what the policy watches (or raise its limit) rather than looking for a crash.'
    : logged
      ? ` The app logged ${logWords(logged)} ${logged.count} times${thrower ? `, thrown in ${named(thrower)}` : ''}.`
      : site
        ? ` The app did not log these errors: ${siteWords(site)}.`
        : thrower
        ? ` The last error the app logged was thrown in ${named(thrower)}.`
        : " Check the request path, method and body, and the app's log.";
  return {
    findings: [
      {
        kind: 'load-errors',
        severity: share >= T.loadErrorProblemShare ? 'problem' : 'warning',
        title: shed ? 'The app sheds load by its own policy' : 'Requests are failing',
        explanation:
          `${pct(share)} of requests failed (${load.errors} connection errors, ${load.timeouts} timeouts, ${load.non2xx} non-2xx answers` +
          (codes[0] ? `, mostly HTTP ${codes[0][0]}` : '') +
          ')' +
          (failing ? `, most of them on ${routeName(failing)}` : '') +
          '.' +
          why,
        evidence,
        culprits,
        score: share / T.loadErrorProblemShare,
      },
    ],
  };
}
