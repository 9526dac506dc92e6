// Reading a lab folder: lab.json validated against the format (lab-format.ts), with the folder it lives in. A folder
// shipped with Checkup that does not fit is our bug (CHK_INTERNAL); an imported one is the user's input, refused in
// their words (CHK_COURSE_INVALID, naming the file and the field).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CheckupError } from '../errors.js';
import { firstIssue, LAB_NAME, LabFileSchema, type LabFile } from './lab-format.js';

export type LabSource = 'shipped' | 'imported';

export interface LabFolder {
  name: string;
  dir: string;
  source: LabSource;
  file: LabFile;
}

/** The error for a file of a lab or course folder that does not fit the format. */
export function formatError(source: LabSource, shownPath: string, field: string, detail: string, cause?: unknown): CheckupError {
  if (source === 'shipped') return new CheckupError('CHK_INTERNAL', { detail: `${shownPath}: ${field}: ${detail}` }, { cause });
  return new CheckupError('CHK_COURSE_INVALID', { file: shownPath, field, detail }, { cause });
}

/** Parses a JSON file of a lab or course folder with its schema, or the format error. */
export function readJsonFile<T>(path: string, shownPath: string, schema: z.ZodType<T>, source: LabSource): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw formatError(source, shownPath, '(the whole file)', (err as Error).message, err);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const { field, message } = firstIssue(parsed.error);
    throw formatError(source, shownPath, field, message, parsed.error);
  }
  return parsed.data;
}

/** Names of the folders under `root` that hold a lab (a lab.json), sorted. */
export function labFolderNames(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && LAB_NAME.test(entry.name) && existsSync(join(root, entry.name, 'lab.json')))
    .map((entry) => entry.name)
    .sort();
}

/** One lab folder read and checked: lab.json, and every file it names for the student (slow.js first). */
export function readLabFolder(root: string, name: string, source: LabSource, shownRoot: string): LabFolder {
  const dir = join(root, name);
  const shown = `${shownRoot}/${name}`;
  const file = readJsonFile(join(dir, 'lab.json'), `${shown}/lab.json`, LabFileSchema, source);
  for (const needed of new Set(['slow.js', 'fixed.js', ...(file.files ?? [])])) {
    if (!existsSync(join(dir, needed))) throw formatError(source, `${shown}/lab.json`, needed === 'fixed.js' ? '(the lab folder)' : 'files', `${needed} is missing from the lab folder`);
  }
  return { name, dir, source, file };
}
