// What the load will send, printed before anything is sent: the imported recording (its origin, what was left out,
// the credentials dropped) and the cycle of requests every connection goes through. `--dry-run` prints it and stops.
import type { Recipe } from '../contract/recipe.js';
import type { HarImport } from '../contract/har-import.js';
import { journeyCycle } from '../contract/journey-plan.js';
import { dim, printable } from './terminal.js';

function bytes(text: string | undefined): string {
  return text === undefined ? '' : `body ${Buffer.byteLength(text)} B`;
}

function safe<T extends { path: string; headers: Record<string, string> }>(r: T): T {
  return { ...r, path: printable(r.path), headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [printable(k), v])) };
}

export function loadPreview(recipe: Recipe, har: HarImport | undefined, name?: string): string {
  const out: string[] = [];
  // Everything shown comes from files someone else may have written: made printable before it is styled.
  const recipeLoad = recipe.load;
  const load = { ...recipeLoad, requests: recipeLoad.requests.map(safe), ...(recipeLoad.setup ? { setup: { ...recipeLoad.setup, requests: recipeLoad.setup.requests.map(safe) } } : {}), ...(recipeLoad.journeys ? { journeys: recipeLoad.journeys.map((j) => ({ ...j, ...(j.name ? { name: printable(j.name) } : {}), steps: j.steps.map(safe) })) } : {}) };
  if (har) {
    const skipped = Object.entries(har.skipped).map(([origin, n]) => `${n} to ${printable(origin)}`);
    out.push(`Recording ${printable(name ?? '')}: ${har.steps.length} request${har.steps.length === 1 ? '' : 's'} to ${printable(har.origin)}${skipped.length ? ` (left out: ${skipped.join(', ')})` : ''}`);
    if (har.droppedCredentials.length) out.push(`  its ${har.droppedCredentials.join(', ')} headers are dropped${load.setup ? ': the set-up step gives its own' : ' (no set-up step is given: --setup)'}`);
  }
  if (load.setup) {
    out.push('Set-up step, once before the warm-up:');
    for (const r of load.setup.requests) out.push(`  ${r.method.toUpperCase()} ${r.path}  ${dim(bytes(r.body))}`);
  }
  if (load.journeys) {
    const cycle = journeyCycle(load.journeys);
    out.push(`Every connection sends, in a cycle of ${cycle.length} request${cycle.length === 1 ? '' : 's'}:`);
    cycle.forEach((r, i) => {
      const headers = Object.keys(r.headers);
      const capture = r.capture ? `  captures ${Object.keys(r.capture).join(', ')}` : '';
      out.push(`  ${String(i + 1).padStart(3)}  ${r.method.padEnd(6)} ${r.path}  ${dim([r.journey, bytes(r.body), headers.length ? `headers: ${headers.join(', ')}` : ''].filter(Boolean).join('  '))}${capture}`);
    });
  } else {
    out.push('Requests sent in rotation:');
    for (const r of load.requests) out.push(`  ${r.method.toUpperCase().padEnd(6)} ${r.path}  ${dim(bytes(r.body))}`);
  }
  return out.join('\n') + '\n';
}
