// The files of a lab and of a course, as zod schemas (strict: a misspelt field is an error, not silently ignored).
// The format is documented for lab writers in docs/writing-a-lab.md;
import { z } from 'zod';
import { STEP_KINDS } from '../contract/course.js';
import type { SeriesName } from '../contract/diagnosis.js';
import { FINDING_KINDS } from '../contract/diagnosis.js';
import { LoadSpecSchema } from '../contract/recipe.js';

export const LAB_NAME = /^[a-z0-9-]+$/;
export const COURSE_ID = /^[a-z0-9-]+$/;

/** Every series a figure claim may name: the diagnosis's, plus the start-up checkup's for a start-up lab. */
const DIAGNOSIS_SERIES = [
  'delay.p99', 'delay.max', 'elu', 'cpu', 'memory.heapUsed', 'memory.rss', 'gc.share', 'handles', 'load.rps', 'load.latencyP99',
  'load.errors', 'io.wait', 'profile', 'routes', 'listeners', 'memory.afterLoad', 'warnings', 'target',
] as const satisfies readonly SeriesName[];
/** startup.ready: median time to ready (ms); startup.package: a package's load time (ms), its name as the label. */
const STARTUP_SERIES = ['startup.ready', 'startup.package'] as const;
const FIGURE_SERIES = [...DIAGNOSIS_SERIES, ...STARTUP_SERIES] as const;

/** A file of the lab's folder, relative to it, '/'-separated, never leaving it. */
const LabFilePath = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/, 'a file inside the lab folder, like data.json or lib/db.js')
  .refine((p) => !p.split('/').some((part) => part === '..' || part === '.'), 'a file inside the lab folder');

const FigureClaimSchema = z
  .object({
    series: z.enum(FIGURE_SERIES),
    label: z.string().min(1).max(200).optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
  })
  .strict()
  .refine((f) => f.min !== undefined || f.max !== undefined, 'a figure claim needs a bound: min, max or both');

const ExpectationSchema = z
  .object({
    verdict: z.enum(FINDING_KINDS),
    /** A function name, or "fn|otherFn" for fair alternatives; a package for a start-up lab. */
    culprit: z.string().min(1).max(200).optional(),
    figures: z.array(FigureClaimSchema).max(20).default([]),
  })
  .strict();

/**
 * A stage between the slow code and a solution (a lab fixed in two steps): a file of the lab, measured like slow.js
 * and fixed.js, whose claims the steps can state ({{stage1.verdict}}...).
 */
const StageExpectationSchema = ExpectationSchema.extend({ file: LabFilePath });

const StepSchema = z
  .object({
    kind: z.enum(STEP_KINDS),
    title: z.string().min(1).max(200),
    text: z.string().min(1).max(10_000),
    hints: z.array(z.string().min(1).max(4000)).max(10).optional(),
    choices: z.array(z.enum(FINDING_KINDS)).min(2).max(FINDING_KINDS.length).optional(),
    points: z
      .string()
      .refine((p) => p === 'culprits' || p === 'flame' || /^(figure|chart):/.test(p) && (FIGURE_SERIES as readonly string[]).includes(p.slice(p.indexOf(':') + 1)), 'figure:<series>, chart:<series> (a series figures are read from), culprits or flame')
      .optional(),
  })
  .strict();

/** lab.json. */
export const LabFileSchema = z
  .object({
    title: z.string().min(1).max(200),
    problem: z.string().min(1).max(100),
    summary: z.string().min(1).max(2000),
    /** Which checkup shows the lab's problem: a load checkup (the default) or the start-up checkup. */
    checkup: z.enum(['load', 'startup']).optional(),
    recipe: z.object({ load: LoadSpecSchema }).strict(),
    // The course fields: all present for a lab that belongs to a course, all absent for one that does not.
    course: z.string().regex(COURSE_ID, 'a course id: lower-case letters, digits and dashes').optional(),
    files: z.array(LabFilePath).min(1).max(50).optional(),
    dependencies: z.array(z.string().min(1).max(214)).max(20).optional(),
    expect: z.object({ slow: ExpectationSchema, fixed: ExpectationSchema, stages: z.array(StageExpectationSchema).max(5).optional() }).strict().optional(),
    steps: z.array(StepSchema).min(1).max(30).optional(),
  })
  .strict()
  .superRefine((lab, ctx) => {
    // A lab's load goes to the lab on this machine: a course file must not turn a student's Run into load on someone else.
    if (lab.recipe.load.allowRemote || !['127.0.0.1', 'localhost', '::1'].includes(lab.recipe.load.host)) {
      ctx.addIssue({ code: 'custom', path: ['recipe', 'load', 'host'], message: 'a lab is loaded on this machine only (127.0.0.1, no allowRemote)' });
    }
    const courseFields = ['course', 'files', 'expect', 'steps'] as const;
    const given = courseFields.filter((f) => lab[f] !== undefined);
    if (given.length > 0 && given.length < courseFields.length) {
      for (const f of courseFields.filter((f) => lab[f] === undefined)) ctx.addIssue({ code: 'custom', path: [f], message: `a course lab needs "${f}" too` });
    }
    if (lab.files && !lab.files.includes('slow.js')) ctx.addIssue({ code: 'custom', path: ['files'], message: 'the files copied for the student include slow.js' });
    (lab.expect?.stages ?? []).forEach((stage, i) => {
      if (!lab.files?.includes(stage.file)) ctx.addIssue({ code: 'custom', path: ['expect', 'stages', i, 'file'], message: `a stage's file is one of the lab's files ("${stage.file}" is not)` });
    });
    if (lab.steps) {
      let last = -1;
      lab.steps.forEach((step, i) => {
        const at = STEP_KINDS.indexOf(step.kind);
        if (at < last) ctx.addIssue({ code: 'custom', path: ['steps', i, 'kind'], message: `"${step.kind}" comes before "${STEP_KINDS[last]}" in a lab` });
        last = Math.max(last, at);
        if (step.kind === 'predict' && !step.choices) ctx.addIssue({ code: 'custom', path: ['steps', i, 'choices'], message: 'a predict step offers choices' });
        if (step.kind !== 'predict' && step.choices) ctx.addIssue({ code: 'custom', path: ['steps', i, 'choices'], message: 'only a predict step has choices' });
      });
    }
  });
export type LabFile = z.infer<typeof LabFileSchema>;
export type Expectation = z.infer<typeof ExpectationSchema>;

/** course.json. */
export const CourseFileSchema = z
  .object({
    id: z.string().regex(COURSE_ID, 'a course id: lower-case letters, digits and dashes'),
    title: z.string().min(1).max(200),
    summary: z.string().min(1).max(2000),
    labs: z.array(z.string().regex(LAB_NAME, 'a lab name: lower-case letters, digits and dashes')).min(1).max(100),
  })
  .strict();
export type CourseFile = z.infer<typeof CourseFileSchema>;

/** The first problem of a zod error, as "field: message" (steps.3.kind: ...). */
export function firstIssue(err: z.ZodError): { field: string; message: string } {
  const issue = err.issues[0];
  return { field: issue?.path.map(String).join('.') || '(the whole file)', message: issue?.message ?? 'invalid' };
}
