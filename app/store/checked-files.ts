// Reading a session folder's files through the contract's schemas (contract/session-schemas.ts): what is read is what
// the faces may rely on, or a CHK_SESSION_DAMAGED error that names the session, the file, the line and the field.
// Missing files are not damage (a run cut short writes fewer files); a torn last NDJSON line is not either (a crash
// mid-write leaves one), so a line that is not JSON is skipped, while a line that is JSON of the wrong shape is damage.
import { promises as fs } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { z } from 'zod';
import { describeIssues } from '../contract/schema-issues.js';
import { CheckupError } from '../errors.js';

/** What is wrong with a file, in the user's words: "session.json: createdAt: expected string, received number". */
export class DamagedFile {
  constructor(
    readonly file: string,
    readonly detail: string,
    /** The line of an NDJSON file. */
    readonly line?: number,
  ) {}

  private get where(): string {
    return this.line === undefined ? '' : ` line ${this.line}`;
  }

  toString(): string {
    return `${this.file}${this.where}: ${this.detail}`;
  }

  error(sessionDir: string): CheckupError {
    return new CheckupError('CHK_SESSION_DAMAGED', { id: basename(sessionDir), file: this.file, where: this.where, detail: this.detail });
  }
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await fs.readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** The file's value, undefined when absent, or what is wrong with it. */
export async function checkJsonFile<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S> | undefined | DamagedFile> {
  const file = basename(path);
  const text = await readText(path);
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return new DamagedFile(file, `not valid JSON (${(err as Error).message})`);
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? (parsed.data as z.infer<S>) : new DamagedFile(file, describeIssues(parsed.error.issues, { whole: 'the whole file' }));
}

/** As checkJsonFile, throwing the damage as CHK_SESSION_DAMAGED. */
export async function readJsonFile<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S> | undefined> {
  const value = await checkJsonFile(path, schema);
  if (value instanceof DamagedFile) throw value.error(dirname(path));
  return value;
}

/** Every line of an NDJSON file (none when absent); a line of the wrong shape throws CHK_SESSION_DAMAGED. */
export async function readNdjsonFile<S extends z.ZodType>(path: string, schema: S): Promise<Array<z.infer<S>>> {
  const text = await readText(path);
  if (text === undefined) return [];
  const out: Array<z.infer<S>> = [];
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    if (!line) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue; // a torn line from a crash mid-write
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new DamagedFile(basename(path), describeIssues(parsed.error.issues, { whole: 'the line' }), i + 1).error(dirname(path));
    out.push(parsed.data as z.infer<S>);
  }
  return out;
}
