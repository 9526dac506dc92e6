// A student's progress through the courses, in one file of Checkup's data folder (course-progress.json), written
// atomically. A file that does not fit is kept aside (course-progress.json.damaged) rather than lost, and the student
// starts again from nothing.
import { existsSync, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { LabProgress } from '../contract/course.js';
import { makeDir, writeJsonAtomic } from '../store/atomic.js';

const PROGRESS_FILE = 'course-progress.json';

const LabProgressSchema = z.object({
  stepsDone: z.array(z.number().int().min(0)).default([]),
  predictions: z.record(z.string(), z.string()).default({}),
  culprit: z.object({ correct: z.boolean(), chosen: z.string(), message: z.string() }).optional(),
  check: z.any().optional(),
  startedAt: z.string().optional(),
  passedAt: z.string().optional(),
});

const ProgressFileSchema = z.object({
  version: z.literal(1),
  courses: z.record(z.string(), z.record(z.string(), LabProgressSchema)).default({}),
});
type ProgressFile = z.infer<typeof ProgressFileSchema>;

function emptyProgress(): LabProgress {
  return { stepsDone: [], predictions: {} };
}

export class ProgressStore {
  /** Writes one after another: two quick clicks must not lose the first. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataDir: string) {}

  get path(): string {
    return join(this.dataDir, PROGRESS_FILE);
  }

  async read(): Promise<ProgressFile> {
    if (!existsSync(this.path)) return { version: 1, courses: {} };
    try {
      return ProgressFileSchema.parse(JSON.parse(await fs.readFile(this.path, 'utf8')));
    } catch {
      await fs.rename(this.path, `${this.path}.damaged`).catch(() => undefined);
      return { version: 1, courses: {} };
    }
  }

  async lab(course: string, lab: string): Promise<LabProgress> {
    return ((await this.read()).courses[course]?.[lab] as LabProgress | undefined) ?? emptyProgress();
  }

  async course(course: string): Promise<Record<string, LabProgress>> {
    return ((await this.read()).courses[course] ?? {}) as Record<string, LabProgress>;
  }

  /** Changes one lab's progress and saves the file; answers the new progress. */
  update(course: string, lab: string, change: (p: LabProgress) => void): Promise<LabProgress> {
    const next = this.queue.then(async () => {
      const file = await this.read();
      const labs = (file.courses[course] ??= {});
      const progress = ((labs[lab] as LabProgress | undefined) ?? emptyProgress()) as LabProgress;
      change(progress);
      progress.stepsDone = [...new Set(progress.stepsDone)].sort((a, b) => a - b);
      labs[lab] = progress;
      await makeDir(this.dataDir);
      await writeJsonAtomic(this.path, file);
      return progress;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
