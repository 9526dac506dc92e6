// The address the load is sent to, as the faces show it while a run goes: the first request's URL, and how many
// more paths are sent in rotation.
import type { LoadSpec } from '../contract/recipe.js';

export function loadUrl(load: LoadSpec, port: number): string {
  const host = load.host.includes(':') && !load.host.startsWith('[') ? `[${load.host}]` : load.host;
  const [first, ...rest] = load.requests;
  const paths = new Set(rest.map((r) => r.path).filter((p) => p !== first?.path));
  return `${load.protocol}://${host}:${port}${first?.path ?? '/'}${paths.size ? ` (and ${paths.size} more path${paths.size === 1 ? '' : 's'} in rotation)` : ''}`;
}
