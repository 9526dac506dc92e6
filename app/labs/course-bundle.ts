// A course as one file, for an instructor to hand to every student machine (no network needed): JSON holding the
// course.json and, per lab, the text of every file of its folder. Importing validates everything (the format, each
// lab as a lab folder is validated, sizes, paths that stay inside their lab) before anything is kept, writes into a
// temporary folder and moves it into place in one step, and never runs anything: lab code runs only when the student
// presses Run or Check.
import { randomBytes } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { z } from 'zod';
import { CheckupError } from '../errors.js';
import { makeDir, storeError, writeFileAtomic } from '../store/atomic.js';
import { courseLabs, importedCoursesDir, listCourseFiles, type Course } from './courses.js';
import { CourseFileSchema, firstIssue, LAB_NAME } from './lab-format.js';

const COURSE_FILE_FORMAT = 'checkup-course';
/** Bounds: a course is text (code, lessons, small data files), a few hundred kB; anything near these is not one. */
const MAX_COURSE_FILE_BYTES = 16 * 1024 * 1024;
const MAX_LAB_FILE_CHARS = 1024 * 1024;
const MAX_FILES_PER_LAB = 400;

const BundlePath = z
  .string()
  .min(1)
  .max(300)
  .regex(/^[A-Za-z0-9@._-]+(\/[A-Za-z0-9@._-]+)*$/, 'a path inside the lab folder')
  .refine((p) => !p.split('/').some((part) => part === '..' || part === '.'), 'a path inside the lab folder');

const CourseBundleSchema = z
  .object({
    format: z.literal(COURSE_FILE_FORMAT),
    version: z.literal(1),
    exportedAt: z.string().max(100).optional(),
    course: CourseFileSchema,
    labs: z.record(z.string().regex(LAB_NAME, 'a lab name'), z.record(BundlePath, z.string().max(MAX_LAB_FILE_CHARS)).refine((files) => Object.keys(files).length <= MAX_FILES_PER_LAB, `at most ${MAX_FILES_PER_LAB} files per lab`)),
  })
  .strict();
type CourseBundle = z.infer<typeof CourseBundleSchema>;

async function folderFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    out.push(relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }
  return out.sort();
}

/** The course and the text of its labs' files, as one document. */
async function bundleCourse(course: Course): Promise<CourseBundle> {
  const labs: CourseBundle['labs'] = {};
  const listed = courseLabs(course);
  for (const lab of listed) {
    const files: Record<string, string> = {};
    for (const file of await folderFiles(lab.dir)) {
      if (!BundlePath.safeParse(file).success) continue;
      files[file] = await fs.readFile(join(lab.dir, file), 'utf8');
    }
    labs[lab.name] = files;
  }
  return { format: COURSE_FILE_FORMAT, version: 1, exportedAt: new Date().toISOString(), course: { ...course.file, labs: listed.map((l) => l.name) }, labs };
}

export async function exportCourse(course: Course, path: string): Promise<{ path: string; bytes: number }> {
  const text = JSON.stringify(await bundleCourse(course)) + '\n';
  await makeDir(join(path, '..'));
  await writeFileAtomic(path, text);
  return { path, bytes: Buffer.byteLength(text) };
}

function invalid(path: string, field: string, detail: string): CheckupError {
  return new CheckupError('CHK_COURSE_INVALID', { file: basename(path), field, detail });
}

async function readBundle(path: string): Promise<CourseBundle> {
  let size: number;
  try {
    size = (await fs.stat(path)).size;
  } catch {
    throw new CheckupError('CHK_FILE_NOT_FOUND', { path });
  }
  if (size > MAX_COURSE_FILE_BYTES) throw invalid(path, '(the whole file)', `it is ${Math.round(size / 1048576)} MB, and a course file is at most ${MAX_COURSE_FILE_BYTES / 1048576} MB`);
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(path, 'utf8'));
  } catch (err) {
    throw invalid(path, '(the whole file)', `it is not a course file (${(err as Error).message})`);
  }
  const parsed = CourseBundleSchema.safeParse(raw);
  if (!parsed.success) {
    const { field, message } = firstIssue(parsed.error);
    throw invalid(path, field, message);
  }
  return parsed.data;
}

/** Imports a course file into Checkup's data folder (replacing an earlier import of the same course); answers its id and labs. */
export async function importCourse(path: string, dataDir: string): Promise<{ id: string; labs: string[] }> {
  const bundle = await readBundle(path);
  const id = bundle.course.id;
  const shipped = listCourseFiles(dataDir).find((c) => c.file.id === id && c.source === 'shipped');
  if (shipped) throw invalid(path, 'course.id', `"${id}" is a course that ships with Checkup; an imported course needs an id of its own`);
  for (const name of bundle.course.labs) if (!bundle.labs[name]) throw invalid(path, `labs.${name}`, 'the course lists this lab, and the file does not carry it');

  const root = importedCoursesDir(dataDir);
  const staging = join(root, `.import-${randomBytes(4).toString('hex')}`);
  const stagingCourse = join(staging, id);
  try {
    await makeDir(stagingCourse);
    await fs.writeFile(join(stagingCourse, 'course.json'), JSON.stringify(bundle.course, null, 2) + '\n');
    for (const name of bundle.course.labs) {
      for (const [file, text] of Object.entries(bundle.labs[name]!)) {
        const to = join(stagingCourse, 'labs', name, ...file.split('/'));
        await makeDir(join(to, '..'));
        await fs.writeFile(to, text);
      }
    }
    // Every lab read as a lab folder: a broken one is refused now, in the user's words, naming the field.
    const staged: Course = { file: bundle.course, source: 'imported', dir: stagingCourse };
    try {
      courseLabs(staged);
    } catch (err) {
      if (err instanceof CheckupError && err.code === 'CHK_COURSE_INVALID') {
        throw new CheckupError('CHK_COURSE_INVALID', { ...err.params, file: `${basename(path)} (${String(err.params.file).slice(stagingCourse.length + 1)})` }, { cause: err });
      }
      throw err;
    }
    const target = join(root, id);
    const old = join(root, `.old-${id}-${randomBytes(4).toString('hex')}`);
    if (existsSync(target)) await fs.rename(target, old);
    await fs.rename(stagingCourse, target);
    await fs.rm(old, { recursive: true, force: true });
    return { id, labs: bundle.course.labs };
  } catch (err) {
    throw err instanceof CheckupError ? err : storeError(err, root);
  } finally {
    await fs.rm(staging, { recursive: true, force: true }).catch(() => undefined);
  }
}
