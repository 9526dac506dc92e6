// A route table in words: the framework, a route, the paths no route takes, a route as an editable request path.
import type { RouteEntry, RouteTable } from '../routes.js';

/** `express 4.22.3` */
export function frameworkName(table: Pick<RouteTable, 'framework' | 'version'>): string {
  return table.version ? `${table.framework} ${table.version}` : table.framework;
}

/** What the faces say of a table: why it is unknown, that it is empty, or how many routes it lists. */
export function routeTableWords(table: Pick<RouteTable, 'framework' | 'version' | 'unknown' | 'routes' | 'truncated'>): string {
  // The probe words it "routes unknown: why" or "routes unknown for <framework> <version>".
  if (table.unknown) return `${table.unknown.charAt(0).toUpperCase()}${table.unknown.slice(1)}.`;
  const n = table.routes.length;
  if (n === 0) return `${frameworkName(table)} registered no routes.`;
  return `${frameworkName(table)}: ${n}${table.truncated ? '+' : ''} route${n === 1 ? '' : 's'}.`;
}

/** `GET /users/:id` */
export function routeLabel(route: Pick<RouteEntry, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** The warning for load requests that no registered route takes (said as soon as the table is read). */
export function unmatchedRoutesWords(unmatched: ReadonlyArray<{ method: string; path: string }>, table: Pick<RouteTable, 'framework' | 'version'>): string | undefined {
  if (!unmatched.length) return undefined;
  const list = unmatched.slice(0, 3).map(routeLabel).join(', ') + (unmatched.length > 3 ? ` and ${unmatched.length - 3} more` : '');
  return `No route of the app (${frameworkName(table)}) takes ${list}: expect 404s. Check the recipe's paths against the app's routes.`;
}

/** The value a route's `:param` is given in a request path, for the user to edit. */
export const ROUTE_PARAM_PLACEHOLDER = '1';

/**
 * A route's path as a request path the user can edit: each `:param` (and `*`) given ROUTE_PARAM_PLACEHOLDER
 * (`/users/:id` -> `/users/1`), and where the first placeholder is, to select it for editing.
 */
export function requestPathFor(route: Pick<RouteEntry, 'path'>): { path: string; edit?: { start: number; end: number } } {
  if (!route.path.startsWith('/')) return { path: '/' };
  let path = '';
  let edit: { start: number; end: number } | undefined;
  for (const part of route.path.split(/(:[A-Za-z_$][\w$]*(?:\([^)]*\))?\??|\*)/)) {
    if (part.startsWith(':') || part === '*') {
      edit ??= { start: path.length, end: path.length + ROUTE_PARAM_PLACEHOLDER.length };
      path += ROUTE_PARAM_PLACEHOLDER;
    } else {
      path += part;
    }
  }
  return { path, ...(edit ? { edit } : {}) };
}
