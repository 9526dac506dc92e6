// What a run's report says of the app's routes (routes.json): the table, the routes the load never reached, and the
// load's paths that no route takes.
import { relative, isAbsolute } from 'node:path';
import type { RoutesFile } from '../contract/routes.js';
import { routeLabel, routeTableWords, unmatchedRoutesWords } from '../contract/words.js';
import { dim, yellow } from './terminal.js';

/** `file:line` relative to the folder the command runs in, when it is under it. */
export function relativeLocation(source: string, cwd: string): string {
  const at = source.lastIndexOf(':');
  const file = at > 0 ? source.slice(0, at) : source;
  if (!isAbsolute(file)) return source;
  const rel = relative(cwd, file);
  return rel.startsWith('..') ? source : rel + source.slice(file.length);
}

/** Lines for the run's report (indented as its other sections). */
export function routesLines(routes: RoutesFile): string[] {
  const out = [`  Routes      ${routeTableWords(routes)}`];
  const unmatched = unmatchedRoutesWords(routes.unmatched, routes);
  if (unmatched) out.push(`              ${yellow(unmatched)}`);
  if (routes.neverHit.length) {
    const shown = routes.neverHit.slice(0, 8).map(routeLabel).join(', ');
    out.push(`              ${dim(`never hit by the load: ${shown}${routes.neverHit.length > 8 ? ` and ${routes.neverHit.length - 8} more` : ''}`)}`);
  }
  return out;
}
