// Reads a recipe file (`--recipe checkup.json`): size-bounded, parsed, validated against RecipeFileSchema with errors
// naming the field, and bodies given as files (`bodyFile`) read in, relative to the recipe file's folder.
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { RECIPE_FILE_VERSION, RecipeFileSchema, type RecipeFile } from '../contract/recipe-file.js';
import type { RecipeInput } from '../contract/recipe.js';
import { describeIssues } from '../contract/schema-issues.js';
import { CheckupError } from '../errors.js';
import { uncapturedPlaceholders } from '../contract/journey-plan.js';

/** A recipe, and each body it names, is a few kilobytes; a bigger file is a wrong file. */
const MAX_RECIPE_BYTES = 1024 * 1024;
const MAX_BODY_BYTES = 1024 * 1024;

function invalid(file: string, detail: string): CheckupError {
  return new CheckupError('CHK_RECIPE_FILE_INVALID', { file, detail });
}

function readBounded(path: string, limit: number, onMissing: () => CheckupError, onTooBig: (size: number) => CheckupError): string {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw onMissing();
    size = stat.size;
  } catch (err) {
    if (err instanceof CheckupError) throw err;
    throw onMissing();
  }
  if (size > limit) throw onTooBig(size);
  return readFileSync(path, 'utf8');
}

type WithBodyFile = { body?: string | undefined; bodyFile?: string | undefined };

/** Inlines `bodyFile` as `body`; both at once is an error naming the field. */
function inlineBody<T extends WithBodyFile>(request: T, field: string, file: string, dir: string): Omit<T, 'bodyFile'> {
  const { bodyFile, ...rest } = request;
  if (bodyFile === undefined) return rest;
  if (request.body !== undefined) throw invalid(file, `${field}: give body or bodyFile, not both`);
  const path = resolve(dir, bodyFile);
  const body = readBounded(path, MAX_BODY_BYTES, () => invalid(file, `${field}.bodyFile: cannot read ${path}`), (size) => invalid(file, `${field}.bodyFile: ${path} is ${size} bytes, more than a request body may be (${MAX_BODY_BYTES})`));
  return { ...rest, body };
}

/** What the file sets, as recipe fields (without the target, which the command line gives). */
type RecipeFromFile = Omit<RecipeInput, 'target'>;

export function readRecipeFile(path: string, cwd: string): RecipeFromFile {
  const full = resolve(cwd, path);
  const text = readBounded(full, MAX_RECIPE_BYTES, () => new CheckupError('CHK_FILE_NOT_FOUND', { path: full }), (size) => invalid(path, `it is ${size} bytes; a recipe file is at most ${MAX_RECIPE_BYTES}`));
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw invalid(path, `it is not valid JSON (${(err as Error).message})`);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw invalid(path, 'it holds no object; a recipe file is a JSON object with "version": 1');
  const version = (raw as { version?: unknown }).version;
  if (typeof version === 'number' && version > RECIPE_FILE_VERSION) throw invalid(path, `it is recipe file version ${version}, and this Checkup reads files up to version ${RECIPE_FILE_VERSION}: update Checkup`);
  const parsed = RecipeFileSchema.safeParse(raw);
  if (!parsed.success) throw invalid(path, describeIssues(parsed.error.issues, { whole: 'the file' }));
  const uncaptured = uncapturedPlaceholders(parsed.data.load?.journeys ?? []);
  if (uncaptured.length) throw invalid(path, uncaptured.join('; '));
  return inlineBodies(parsed.data, path, dirname(full));
}

function inlineBodies(file: RecipeFile, name: string, dir: string): RecipeFromFile {
  const { version: _version, load, ...rest } = file;
  if (!load) return rest;
  const { requests, setup, journeys, ...loadRest } = load;
  return {
    ...rest,
    load: {
      ...loadRest,
      ...(requests ? { requests: requests.map((r, i) => inlineBody(r, `load.requests.${i}`, name, dir)) } : {}),
      ...(setup ? { setup: { ...setup, requests: setup.requests.map((r, i) => inlineBody(r, `load.setup.requests.${i}`, name, dir)) } } : {}),
      ...(journeys ? { journeys: journeys.map((j, i) => ({ ...j, steps: j.steps.map((s, k) => inlineBody(s, `load.journeys.${i}.steps.${k}`, name, dir)) })) } : {}),
    },
  };
}
