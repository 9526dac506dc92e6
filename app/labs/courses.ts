// The courses: shipped ones (assets/courses/<id>/course.json, their labs in assets/labs) and imported ones (a course
// file imported into Checkup's data folder: <data>/courses/<id>/course.json with its labs under labs/<name>/). A
// course orders its labs; a shipped lab that names a course it is not listed in comes after the listed ones, so a lab
// added by dropping in a folder is never lost.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CheckupError } from '../errors.js';
import { assetPath } from '../paths.js';
import { checkDependencies, labNames, shippedLab } from './catalogue.js';
import { COURSE_ID, CourseFileSchema, type CourseFile } from './lab-format.js';
import { formatError, labFolderNames, readJsonFile, readLabFolder, type LabFolder, type LabSource } from './lab-reader.js';

export interface Course {
  file: CourseFile;
  source: LabSource;
  /** The folder holding course.json. */
  dir: string;
}

export interface CourseLab extends LabFolder {
  course: Course;
}

function shippedCoursesDir(): string {
  return assetPath('courses');
}

/** Where imported courses are kept, under Checkup's data folder. */
export function importedCoursesDir(dataDir: string): string {
  return join(dataDir, 'courses');
}

function courseIds(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && COURSE_ID.test(e.name) && existsSync(join(root, e.name, 'course.json')))
    .map((e) => e.name)
    .sort();
}

function readCourse(root: string, id: string, source: LabSource, shownRoot: string): Course {
  const dir = join(root, id);
  const shown = `${shownRoot}/${id}/course.json`;
  const file = readJsonFile(join(dir, 'course.json'), shown, CourseFileSchema, source);
  if (file.id !== id) throw formatError(source, shown, 'id', `"${file.id}" is not the name of its folder (${id})`);
  return { file, source, dir };
}

/** Every course: shipped first, then imported ones, each by id. */
export function listCourseFiles(dataDir: string): Course[] {
  const shipped = courseIds(shippedCoursesDir()).map((id) => readCourse(shippedCoursesDir(), id, 'shipped', 'assets/courses'));
  const importedRoot = importedCoursesDir(dataDir);
  const imported = courseIds(importedRoot)
    .filter((id) => !shipped.some((c) => c.file.id === id))
    .map((id) => readCourse(importedRoot, id, 'imported', importedRoot));
  return [...shipped, ...imported];
}

export function findCourse(dataDir: string, id: string): Course {
  const all = listCourseFiles(dataDir);
  const course = all.find((c) => c.file.id === id);
  if (!course) throw new CheckupError('CHK_COURSE_NOT_FOUND', { id, available: all.map((c) => c.file.id).join(', ') || 'none' });
  return course;
}

/** The course's labs in its order, each read and checked. */
export function courseLabs(course: Course): CourseLab[] {
  const shownCourse = course.source === 'shipped' ? `assets/courses/${course.file.id}/course.json` : join(course.dir, 'course.json');
  const read = (name: string): LabFolder => {
    if (course.source === 'shipped') {
      if (!labNames().includes(name)) throw formatError('shipped', shownCourse, 'labs', `there is no lab folder assets/labs/${name}`);
      return shippedLab(name);
    }
    const root = join(course.dir, 'labs');
    if (!labFolderNames(root).includes(name)) throw formatError('imported', shownCourse, 'labs', `the course file has no lab "${name}"`);
    return checkDependencies(readLabFolder(root, name, 'imported', root), join(root, name, 'lab.json'));
  };
  const listed = course.file.labs.map(read);
  for (const lab of listed) {
    if (lab.file.course !== course.file.id) {
      const shown = lab.source === 'shipped' ? `assets/labs/${lab.name}/lab.json` : join(lab.dir, 'lab.json');
      throw formatError(lab.source, shown, 'course', lab.file.course ? `it names the course "${lab.file.course}", but "${course.file.id}" lists it` : `"${course.file.id}" lists it, but it has no course fields (course, files, expect, steps)`);
    }
  }
  const unlisted = course.source === 'shipped' ? labNames().filter((n) => !course.file.labs.includes(n)).map((n) => shippedLab(n)).filter((l) => l.file.course === course.file.id) : [];
  return [...listed, ...unlisted].map((lab) => ({ ...lab, course }));
}

export function courseLab(course: Course, name: string): CourseLab {
  const labs = courseLabs(course);
  const lab = labs.find((l) => l.name === name);
  if (!lab) throw new CheckupError('CHK_LAB_NOT_IN_COURSE', { course: course.file.id, name, available: labs.map((l) => l.name).join(', ') });
  return lab;
}
