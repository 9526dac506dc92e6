// From the recipe's target to what gets launched, and how the session is named and grouped.
import { basename, dirname, relative, resolve } from 'node:path';
import type { Recipe, TargetSpec } from '../contract/recipe.js';
import { labScript } from '../labs/catalogue.js';
import type { LaunchOptions, LaunchSpec } from '../target/index.js';

export interface ResolvedTarget {
  launch: LaunchSpec;
  /** Display name of the session. */
  name: string;
  /** The project folder sessions are grouped by. */
  project: string;
}

export function resolveTarget(spec: TargetSpec): ResolvedTarget {
  switch (spec.kind) {
    case 'lab': {
      const script = labScript(spec.lab, spec.variant);
      // Labs listen on PORT; 0 lets the OS choose, so a lab never collides with anything the user runs.
      return {
        launch: { kind: 'script', script, args: [], nodeArgs: [], cwd: dirname(script), env: { PORT: '0', ...spec.env } },
        name: `${spec.lab} (${spec.variant})`,
        project: dirname(script),
      };
    }
    case 'script':
      return { launch: spec, name: relative(spec.cwd, resolve(spec.cwd, spec.script)) || basename(spec.script), project: spec.cwd };
    case 'npm':
      return { launch: spec, name: `npm run ${spec.npmScript}`, project: spec.cwd };
  }
}

/** How a recipe's target is launched, the same for the first measurement and every repeat. */
export function launchOptionsFor(recipe: Recipe): LaunchOptions {
  return {
    sampleIntervalMs: recipe.sampleIntervalMs,
    ...(recipe.load.port ? { port: recipe.load.port } : {}),
    ...(recipe.target.node ? { node: recipe.target.node } : {}),
  };
}
