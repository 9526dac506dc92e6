// Words and numbers only the screens need: run phases, durations, dates, sizes. What the faces all say (verdicts,
// categories, a culprit's name and place, figures and their changes) is in app/contract/words.ts.
import type { RunPhase } from '../../../../app/contract/index.js';
import { location, num, quantity } from '../../../../app/contract/words.js';

export const PHASE_LABELS: Record<RunPhase, string> = {
  starting: 'Starting the app',
  'waiting-for-port': 'Waiting for the app to listen',
  warmup: 'Warming up',
  measuring: 'Measuring',
  collecting: 'Collecting the profile',
  diagnosing: 'Diagnosing',
  repeating: 'Measuring again in a fresh process',
  saving: 'Saving the session',
  done: 'Done',
  failed: 'Failed',
  stopped: 'Stopped',
};

export function ms(value: number | undefined | null): string {
  return value === undefined || value === null ? '–' : quantity(value, 'ms');
}

export function bytes(value: number | undefined | null): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '–';
  if (value >= 1024 ** 3) return `${num(value / 1024 ** 3, 2)} GB`;
  if (value >= 1024 ** 2) return `${num(value / 1024 ** 2)} MB`;
  if (value >= 1024) return `${num(value / 1024)} kB`;
  return `${value} B`;
}

export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` : `${s} s`;
}

export function dateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** With seconds: runs of one tuning session are often minutes apart, and two in the same minute must differ. */
export function dateTimeSeconds(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** The last two path segments and the line (`blocking/slow.js:12`); the full location goes in a tooltip. */
export function tailLocation(url: string, line: number): string {
  const full = location({ url, line });
  const parts = full.split('/');
  return parts.length > 2 ? '…/' + parts.slice(-2).join('/') : full;
}

/**
 * Figures in prose the engine wrote ("served 11952 requests/s", "3400 pauses") with thousands separators, as the
 * screens write their own figures (`num`): whole numbers of four digits or more followed by a word or a unit. Left as
 * they are: decimals, years and versions, ports and line numbers (after `:`), ids and paths (next to `/`, `-`, `.`,
 * `#`, `@` or letters), and numbers after "port".
 */
export function proseFigures(text: string): string {
  return text.replace(/(^|[\s(])(\d{4,})(?=\s*%|\s+[A-Za-z])/g, (whole, before: string, digits: string, offset: number, all: string) => {
    const preceding = all.slice(Math.max(0, offset - 5), offset + before.length).toLowerCase();
    if (/port\s*$/.test(preceding)) return whole;
    const n = Number(digits);
    if (digits.length === 4 && n >= 1900 && n <= 2100 && !/^\s*(?:ms|s|MB|kB|req|requests|%)/.test(all.slice(offset + whole.length))) return whole;
    return before + n.toLocaleString('en-US');
  });
}

/**
 * Prose with `code` spans (the doctor quotes query shapes and identifiers between backticks) as pieces to show: text,
 * and code to show in a monospace font. Both stay text: nothing in them is read as markup.
 */
export function proseSpans(text: string): Array<{ code: boolean; text: string }> {
  const parts = proseFigures(text).split('`');
  // An odd count of backticks leaves the last one unpaired: it is shown as it was written.
  if (parts.length % 2 === 0) return [{ code: false, text: proseFigures(text) }];
  return parts.map((t, i) => ({ code: i % 2 === 1, text: t })).filter((p) => p.text !== '');
}
