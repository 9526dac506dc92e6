// Which parts of a recipe are secrets (a login's body, credentials in headers), how they are kept out of what leaves
// this machine (bundles, reports), and how a recipe that came back without them is recognised. Pure: the engine, the
// CLI and the renderer all read the same rule.
import type { Recipe, RequestSpec } from './recipe.js';

/** What stands in for a secret in an exported recipe; a recipe holding it cannot run until the value is given again. */
export const SECRET_PLACEHOLDER = '<secret: kept out of the export, give it again>';

/**
 * Header names whose values are credentials. A judgement by name: the standard credential headers, and any name
 * that says token, secret, password, session or key (X-Api-Key, X-Auth-Token, X-Session-Id).
 */
const SECRET_HEADER = /^(?:authorization|proxy-authorization|cookie)$|token|secret|passw|session|api[-_]?key|^x-.*key$/i;

export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER.test(name);
}

/** Where a secret sits in a recipe, as the dotted path the errors and the UI name it by. */
export interface SecretField {
  path: string;
  value: string;
}

function requestSecrets(request: RequestSpec, at: string, wholeBody: boolean): SecretField[] {
  const out: SecretField[] = [];
  // A set-up request's body is a login's credentials: all of it is secret. A load request's body is test data.
  if (wholeBody && request.body !== undefined) out.push({ path: `${at}.body`, value: request.body });
  for (const [name, value] of Object.entries(request.headers ?? {})) if (isSecretHeader(name)) out.push({ path: `${at}.headers.${name}`, value });
  return out;
}

/** Every secret of the recipe with where it sits. */
export function secretFields(recipe: Pick<Recipe, 'load'>): SecretField[] {
  const { load } = recipe;
  const out: SecretField[] = [];
  load.setup?.requests.forEach((r, i) => out.push(...requestSecrets(r, `load.setup.requests.${i}`, true)));
  load.requests.forEach((r, i) => out.push(...requestSecrets(r, `load.requests.${i}`, false)));
  load.journeys?.forEach((j, i) => j.steps.forEach((s, k) => out.push(...requestSecrets(s, `load.journeys.${i}.steps.${k}`, false))));
  return out;
}

function redactRequest<T extends RequestSpec>(request: T, wholeBody: boolean): T {
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k, isSecretHeader(k) ? SECRET_PLACEHOLDER : v]));
  return { ...request, headers, ...(wholeBody && request.body !== undefined ? { body: SECRET_PLACEHOLDER } : {}) };
}

/** The recipe with every secret replaced by SECRET_PLACEHOLDER (for bundles and reports). */
export function redactRecipe<R extends Pick<Recipe, 'load'>>(recipe: R): R {
  const { load } = recipe;
  return {
    ...recipe,
    load: {
      ...load,
      requests: load.requests.map((r) => redactRequest(r, false)),
      ...(load.setup ? { setup: { ...load.setup, requests: load.setup.requests.map((r) => redactRequest(r, true)) } } : {}),
      ...(load.journeys ? { journeys: load.journeys.map((j) => ({ ...j, steps: j.steps.map((s) => redactRequest(s, false)) })) } : {}),
    },
  };
}

/** The fields that hold the placeholder: the secrets to ask for again before this recipe can run. */
export function missingSecrets(recipe: Pick<Recipe, 'load'>): string[] {
  return secretFields(recipe).filter((f) => f.value === SECRET_PLACEHOLDER).map((f) => f.path);
}

/** The recipe with the secrets given again (by the paths missingSecrets names); unknown paths are ignored. */
export function withSecrets<R extends Pick<Recipe, 'load'>>(recipe: R, given: Record<string, string>): R {
  const copy = structuredClone(recipe);
  for (const [path, value] of Object.entries(given)) {
    const parts = path.split('.');
    const last = parts.pop();
    let node: unknown = copy;
    for (const part of parts) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (!last || !node || typeof node !== 'object') continue;
    const holder = node as Record<string, unknown>;
    if (holder[last] === SECRET_PLACEHOLDER) holder[last] = value;
  }
  return copy;
}
