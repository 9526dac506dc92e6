// The bundled sample apps (assets/labs/<name>/): slow.js, fixed.js, lab.json (and, for a course lab, its steps and
// claims). Read on demand; the files are small and few, so there is no cache to go stale while someone edits a lab.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LabInfo } from '../contract/api.js';
import { CheckupError } from '../errors.js';
import { assetPath, rootDir } from '../paths.js';
import { LAB_NAME } from './lab-format.js';
import { formatError, labFolderNames, readLabFolder, type LabFolder } from './lab-reader.js';

export type LabVariant = 'slow' | 'fixed';

function labsDir(): string {
  return assetPath('labs');
}

/** Names of the folders that hold a lab (a lab.json), sorted. */
export function labNames(): string[] {
  return labFolderNames(labsDir());
}

function notFound(name: string): CheckupError {
  return new CheckupError('CHK_LAB_NOT_FOUND', { name, available: labNames().join(', ') || 'none' });
}

/** Checkup's own runtime dependencies: the only npm packages a lab may need (they resolve from Checkup's node_modules). */
function shippedDependencies(): Set<string> {
  const pkg = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return new Set(Object.keys(pkg.dependencies ?? {}));
}

/** A shipped lab's folder, read and checked (CHK_INTERNAL when it does not fit the format: that is our bug). */
export function shippedLab(name: string): LabFolder {
  if (!LAB_NAME.test(name) || !labNames().includes(name)) throw notFound(name);
  return checkDependencies(readLabFolder(labsDir(), name, 'shipped', 'assets/labs'), `assets/labs/${name}/lab.json`);
}

/** A lab's npm packages must be Checkup's own dependencies: a run of the student's copy resolves them from there. */
export function checkDependencies(lab: LabFolder, shownPath: string): LabFolder {
  const available = shippedDependencies();
  for (const dep of lab.file.dependencies ?? []) {
    if (!available.has(dep)) throw formatError(lab.source, shownPath, 'dependencies', `${dep} is not one of Checkup's own dependencies (${[...available].sort().join(', ')})`);
  }
  return lab;
}

function labInfo(lab: LabFolder): LabInfo {
  const f = lab.file;
  return {
    name: lab.name,
    title: f.title,
    problem: f.problem,
    summary: f.summary,
    checkup: f.checkup ?? 'load',
    ...(f.course ? { course: f.course } : {}),
    steps: f.steps?.length ?? 0,
    recipe: { target: { kind: 'lab', lab: lab.name, variant: 'slow', env: {} }, load: f.recipe.load },
  };
}

/** Every bundled lab, sorted by name, with its suggested recipe (load defaults filled in). */
export function listLabs(): LabInfo[] {
  return labNames().map((name) => labInfo(shippedLab(name)));
}

/** One lab by name; CHK_LAB_NOT_FOUND for an unknown name. */
export function getLab(name: string): LabInfo {
  return labInfo(shippedLab(name));
}

/** Absolute path of a lab's script (slow.js or fixed.js); CHK_LAB_NOT_FOUND for an unknown name. */
export function labScript(name: string, variant: LabVariant = 'slow'): string {
  if (!LAB_NAME.test(name) || !labNames().includes(name)) throw notFound(name);
  if (variant !== 'slow' && variant !== 'fixed') {
    throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `a lab variant is "slow" or "fixed", not "${String(variant)}"` });
  }
  const script = join(labsDir(), name, `${variant}.js`);
  if (!existsSync(script)) throw notFound(name);
  return script;
}

/** The folder of a lab (the working directory to run it from). */
export function labDir(name: string): string {
  if (!LAB_NAME.test(name) || !labNames().includes(name)) throw notFound(name);
  return join(labsDir(), name);
}
