// From the recipe's target to what gets launched, and how the session is named and grouped.
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Recipe, TargetSpec } from '../contract/recipe.js';
import { labScript } from '../labs/catalogue.js';
import type { LaunchOptions, LaunchSpec } from './index.js';
import { labModulesPath } from '../paths.js';

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
      // Labs listen on PORT; 0 lets the OS choose, so a lab never collides with anything the user runs. Their npm
      // packages come from NODE_PATH (the packaged app's archive is closed to the user's Node).
      return {
        launch: { kind: 'script', script, args: [], nodeArgs: [], cwd: dirname(script), env: { PORT: '0', NODE_PATH: labModulesPath, ...spec.env } },
        name: `${spec.lab} (${spec.variant})`,
        project: dirname(script),
      };
    }
    case 'script':
    case 'npm':
      // Named after the project, not the command: every project's runs would otherwise be "npm run start".
      return { launch: spec, name: projectName(spec.cwd), project: spec.cwd };
  }
}

/** package.json's name, else the folder's. */
export function projectName(dir: string): string {
  try {
    const name = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name;
    if (typeof name === 'string' && name.trim()) return name.trim();
  } catch {
    // no package.json, or not JSON: the folder names it
  }
  return basename(dir) || dir;
}

/** How a recipe's target is launched, the same for the first measurement and every repeat. */
export function launchOptionsFor(recipe: Recipe): LaunchOptions {
  return {
    sampleIntervalMs: recipe.sampleIntervalMs,
    ...(recipe.load.port ? { port: recipe.load.port } : {}),
    ...(recipe.target.node ? { node: recipe.target.node } : {}),
  };
}
