// Where the errors behind the failing answers were thrown, from the probe's hooks on the frameworks' error paths
// (app/probe/error-sites.cjs): the culprit of failing requests when the app answered its errors without logging them.
import type { Culprit } from '../contract/diagnosis.js';
import type { ProbeSample } from '../contract/metrics.js';
import { parseStackFrames, responsibleFrame } from './stack-frames.js';

/** The framework under which the probe files answers the app wrote itself (error-sites.cjs), not errors thrown. */
export const ANSWERED = 'answer';

export interface ThrowSite {
  culprit: Culprit;
  method: string;
  route: string;
  status: number;
  framework: string;
  /** Errors thrown there: the route's count at that status, shared out by the stacks read when there were several. */
  count: number;
  /** The count is an estimate (the route's errors came from more than one site). */
  estimated: boolean;
}

interface Entry {
  method: string;
  route: string;
  status: number;
  framework: string;
  count: number;
  sites: Map<string, { stack: string; count: number }>;
}

/** The frames of a stack (its first line, the error's message, differs between errors thrown at one site). */
const framesOf = (stack: string): string => stack.slice(stack.indexOf('\n') + 1);

function entries(samples: readonly ProbeSample[]): Entry[] {
  const byKey = new Map<string, Entry>();
  for (const s of samples) {
    for (const e of s.errorSites ?? []) {
      const key = `${e.method} ${e.status} ${e.framework} ${e.route}`;
      const t = byKey.get(key) ?? { method: e.method, route: e.route, status: e.status, framework: e.framework, count: 0, sites: new Map() };
      t.count += e.count;
      for (const site of e.sites) {
        const frames = framesOf(site.stack);
        const known = t.sites.get(frames);
        if (known) known.count += site.count;
        else t.sites.set(frames, { stack: site.stack, count: site.count });
      }
      byKey.set(key, t);
    }
  }
  return [...byKey.values()];
}

/**
 * The throw site of the failing route's errors (of all routes' when the probe filed none under it): the most
 * frequent error answer's most frequent site, a site in the app's own code before one that names only a dependency
 * (body-parser's 400 for a malformed body), never one inside the framework that answered.
 */
export function throwSite(samples: readonly ProbeSample[], failing?: { method: string; route: string }): ThrowSite | undefined {
  // An answer the app wrote itself is read at its writeHead, where a framework's error answer passes too: the
  // framework's entry, which names the error thrown, comes first for the same route and status.
  const thrown = entries(samples);
  const all = thrown.filter((e) => e.framework !== ANSWERED || !thrown.some((t) => t.framework !== ANSWERED && t.method === e.method && t.route === e.route && t.status === e.status));
  const onRoute = failing ? all.filter((e) => e.method === failing.method && e.route === failing.route) : [];
  const candidates = (onRoute.length ? onRoute : all).sort((a, b) => b.count - a.count);
  for (const entry of candidates) {
    const sites = [...entry.sites.values()]
      .map((site) => ({ ...site, culprit: responsibleFrame(parseStackFrames(site.stack)) }))
      // An error the framework made itself (restify's 404 and 405 for a route it does not have) names no culprit:
      // the request, not the code, is what is wrong.
      .filter((site): site is typeof site & { culprit: Culprit } => site.culprit !== undefined && !(site.culprit.category !== 'app' && site.culprit.package === entry.framework))
      .sort((a, b) => Number(b.culprit.category === 'app') - Number(a.culprit.category === 'app') || b.count - a.count);
    const site = sites[0];
    if (!site) continue;
    const read = [...entry.sites.values()].reduce((n, s) => n + s.count, 0);
    const estimated = entry.sites.size > 1;
    return {
      culprit: site.culprit,
      method: entry.method,
      route: entry.route,
      status: entry.status,
      framework: entry.framework,
      count: estimated ? Math.round((entry.count * site.count) / Math.max(1, read)) : entry.count,
      estimated,
    };
  }
  return undefined;
}

/** Every stack the probe read on the frameworks' error paths over the window (for the load-shedding policies' own errors). */
export function errorStacks(samples: readonly ProbeSample[]): string[] {
  return entries(samples).flatMap((e) => [...e.sites.values()].map((site) => site.stack));
}
