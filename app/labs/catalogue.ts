// The bundled sample apps (assets/labs/<name>/): slow.js, fixed.js, lab.json and lesson.md each. Read on demand;
// the files are small and few, so there is no cache to go stale while someone edits a lesson.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { LabInfo } from '../contract/api.js';
import { LoadSpecSchema } from '../contract/recipe.js';
import { CheckupError } from '../errors.js';
import { assetPath } from '../paths.js';

export type LabVariant = 'slow' | 'fixed';

const LAB_NAME = /^[a-z0-9-]+$/;

const LabFileSchema = z.object({
  title: z.string().min(1),
  problem: z.string().min(1),
  summary: z.string().min(1),
  /** Which checkup shows the lab's problem: a load checkup (the default) or the start-up checkup. */
  checkup: z.enum(['load', 'startup']).optional(),
  recipe: z.object({ load: LoadSpecSchema }).strict(),
});

function labsDir(): string {
  return assetPath('labs');
}

/** Names of the folders that hold a lab (a lab.json), sorted. */
export function labNames(): string[] {
  const dir = labsDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && LAB_NAME.test(entry.name) && existsSync(join(dir, entry.name, 'lab.json')))
    .map((entry) => entry.name)
    .sort();
}

function notFound(name: string): CheckupError {
  return new CheckupError('CHK_LAB_NOT_FOUND', { name, available: labNames().join(', ') || 'none' });
}

function readLab(name: string): LabInfo {
  const folder = join(labsDir(), name);
  let parsed: z.infer<typeof LabFileSchema>;
  try {
    parsed = LabFileSchema.parse(JSON.parse(readFileSync(join(folder, 'lab.json'), 'utf8')));
  } catch (err) {
    // Shipped content, not user input: a broken lab.json is our bug, reported as such.
    const detail = err instanceof z.ZodError ? (err.issues[0]?.message ?? 'invalid') : (err as Error).message;
    throw new CheckupError('CHK_INTERNAL', { detail: `assets/labs/${name}/lab.json: ${detail}` }, { cause: err });
  }
  const lessonFile = join(folder, 'lesson.md');
  return {
    name,
    title: parsed.title,
    problem: parsed.problem,
    summary: parsed.summary,
    checkup: parsed.checkup ?? 'load',
    lesson: existsSync(lessonFile) ? readFileSync(lessonFile, 'utf8') : '',
    recipe: { target: { kind: 'lab', lab: name, variant: 'slow', env: {} }, load: parsed.recipe.load },
  };
}

/** Every bundled lab, sorted by name, with its lesson text and suggested recipe (load defaults filled in). */
export function listLabs(): LabInfo[] {
  return labNames().map(readLab);
}

/** One lab by name; CHK_LAB_NOT_FOUND for an unknown name. */
export function getLab(name: string): LabInfo {
  if (!labNames().includes(name)) throw notFound(name);
  return readLab(name);
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
