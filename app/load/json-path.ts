// Reads a value out of a JSON answer by a dotted path (`data.accessToken`, `items.0.id`): the one reader the set-up
// step's token and the journeys' captures share. Pure.

/** The value at `path` as text (strings as they are, numbers and booleans written out), or undefined. */
export function readJsonPath(document: unknown, path: string): string | undefined {
  let node: unknown = document;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = Array.isArray(node) ? (/^\d+$/.test(part) ? node[Number(part)] : undefined) : Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  return undefined;
}

/** What sits at `path`, named for an error ("nothing", "an object", "null"). */
export function describeAt(document: unknown, path: string): string {
  let node: unknown = document;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return 'nothing';
    node = Array.isArray(node) ? node[Number(part)] : (node as Record<string, unknown>)[part];
  }
  if (node === undefined) return 'nothing';
  if (node === null) return 'null';
  return Array.isArray(node) ? 'a list' : `a${typeof node === 'object' ? 'n' : ''} ${typeof node}`;
}

/** Parses a body as JSON, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
