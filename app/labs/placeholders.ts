// What a step says about Checkup's findings comes only from the lab's checked claims (`expect`), through placeholders
// filled in here: {{slow.verdict}}, {{slow.culprit}}, {{fixed.verdict}}, {{slow.figure.N}}, {{fixed.figure.N}} (N from
// 1), and {{stageK.…}} the same for the K-th stage between them (from 1). The rule that keeps lessons and the tool from drifting apart (placeholderProblems) is checked by the suite on
// every step of every lab.
import type { FigureClaim } from '../contract/course.js';
import { FINDING_KINDS } from '../contract/diagnosis.js';
import { FINDING_KIND_NAMES, quantity } from '../contract/words.js';
import type { Expectation } from './lab-format.js';

export interface LabClaims {
  slow: Expectation;
  fixed: Expectation;
  stages?: Expectation[] | undefined;
}

const PLACEHOLDER = /\{\{\s*(slow|fixed|stage\d+)\.(verdict|culprit|figure\.(\d+))\s*\}\}/g;

function claimsOf(claims: LabClaims, side: string): Expectation | undefined {
  if (side === 'slow' || side === 'fixed') return claims[side];
  return claims.stages?.[Number(side.slice('stage'.length)) - 1];
}
const ANY_PLACEHOLDER = /\{\{[^}]*\}\}/g;

/**
 * The unit a figure is in, from the labels the analysers give (app/diagnosis): a series measures more than one thing
 * (the profile series holds a share and a duration), so the claim's label decides where it can.
 */
const LABEL_UNITS: Array<[series: string, label: RegExp, unit: string]> = [
  ['profile', /of it in|% of profile|garbage collection|busy/i, '%'],
  // "Windows in which the loop completed no turn" counts windows; "Windows with delay p99 of 50 ms or more" is a share;
  // "Event-loop delay p99 (median of windows)" is a delay.
  ['delay.p99', /^windows in which/i, 'windows'],
  ['delay.p99', /^windows with/i, '%'],
  ['delay.p99', /waited for a cpu/i, '%'],
  ['gc.share', /^gc pauses$/i, 'pauses'],
  ['gc.share', /longest/i, 'ms'],
  ['io.wait', /of a request|queueing/i, '%'],
  ['io.wait', /calls per request/i, 'calls'],
  ['memory.afterLoad', /per second/i, 'MB/s'],
  ['memory.afterLoad', /waited/i, 'ms'],
  ['memory.heapUsed', /rate/i, 'MB/s'],
  ['load.errors', /failed/i, '%'],
  ['routes', /failed/i, '%'],
];
const SERIES_UNITS: Record<string, string> = {
  'delay.p99': 'ms', 'delay.max': 'ms', elu: '', cpu: 'ms', 'memory.heapUsed': 'MB', 'memory.rss': 'MB', 'gc.share': '%',
  handles: 'handles', 'load.rps': 'requests/s', 'load.latencyP99': 'ms', 'load.errors': 'requests', 'io.wait': 'ms', profile: 'ms',
  routes: 'ms', listeners: 'listeners', 'memory.afterLoad': 'MB', warnings: 'listeners', target: 'ms', 'startup.ready': 'ms', 'startup.package': 'ms',
};

export function claimUnit(claim: { series: string; label?: string }): string {
  const byLabel = claim.label ? LABEL_UNITS.find(([s, re]) => s === claim.series && re.test(claim.label!)) : undefined;
  return byLabel ? byLabel[2] : (SERIES_UNITS[claim.series] ?? '');
}

function amount(value: number, unit: string): string {
  return unit ? quantity(value, unit) : String(value);
}

/** A claim's bound in words: "at least 50 ms", "at most 20 %", "between 1 and 5 MB". */
export function boundWords(claim: { series: string; label?: string; min?: number; max?: number }): string {
  const unit = claimUnit(claim);
  if (claim.min !== undefined && claim.max !== undefined) return `between ${claim.min} and ${amount(claim.max, unit)}`;
  if (claim.min !== undefined) return `at least ${amount(claim.min, unit)}`;
  return `at most ${amount(claim.max ?? 0, unit)}`;
}

export function figureClaims(e: Expectation): FigureClaim[] {
  return e.figures.map((f) => ({ ...f, bound: boundWords(f) }));
}

function verdictText(kind: string): string {
  const name = FINDING_KIND_NAMES[kind as keyof typeof FINDING_KIND_NAMES] ?? kind;
  return `**${name}** (\`${kind}\`)`;
}

function culpritText(culprit: string | undefined): string {
  if (!culprit) return 'no single function';
  return culprit.split('|').map((c) => `\`${c}\``).join(' or ');
}

/** A step's text (or hint) with its placeholders filled in. An unknown or out-of-range placeholder is left as written: the suite reports it. */
export function fillPlaceholders(text: string, claims: LabClaims): string {
  return text.replace(PLACEHOLDER, (whole, side: string, what: string, n?: string) => {
    const e = claimsOf(claims, side);
    if (!e) return whole;
    if (what === 'verdict') return verdictText(e.verdict);
    if (what === 'culprit') return e.culprit ? culpritText(e.culprit) : whole;
    const figure = e.figures[Number(n) - 1];
    return figure ? boundWords(figure) : whole;
  });
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a text says about the findings outside the placeholders: a finding kind (the hyphenated names anywhere; the
 * plain words "healthy" and "overloaded" only where they are named as a verdict, in `code` or after "verdict"), the
 * culprit named in the claims, or a placeholder that does not resolve. Empty when the text keeps the rule.
 */
export function placeholderProblems(text: string, claims: LabClaims): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(ANY_PLACEHOLDER)) {
    PLACEHOLDER.lastIndex = 0;
    const known = new RegExp(PLACEHOLDER.source).exec(m[0]);
    if (!known) problems.push(`unknown placeholder ${m[0]}`);
    else if (fillPlaceholders(m[0], claims) === m[0]) problems.push(`${m[0]} names a claim the lab does not make`);
  }
  const outside = text.replace(ANY_PLACEHOLDER, ' ');
  for (const kind of FINDING_KINDS) {
    const named = kind.includes('-')
      ? new RegExp(`(^|[^a-z-])${escapeRe(kind)}($|[^a-z-])`, 'i')
      : new RegExp(`\`${kind}\`|verdict[^.\\n]{0,12}\\b${kind}\\b`, 'i');
    if (named.test(outside)) problems.push(`names the finding "${kind}" outside a placeholder`);
  }
  const culprits = new Set([claims.slow, claims.fixed, ...(claims.stages ?? [])].flatMap((e) => e.culprit?.split('|') ?? []));
  for (const fn of culprits) {
    if (new RegExp(`(^|[^A-Za-z0-9_$-])${escapeRe(fn)}($|[^A-Za-z0-9_$-])`).test(outside)) problems.push(`names the culprit "${fn}" outside a placeholder`);
  }
  return problems;
}
