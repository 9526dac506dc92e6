// The recipe file (`checkup run --recipe checkup.json -- node app.js`): the load, set-up step and journeys of a
// checkup written once and kept with the project. Documented field by field in docs/recipe-format.md. The app's
// command is not in it: it comes after `--` (or --demo), so one file serves every way of starting the app.
//
// Strict at every level: a misspelt field is an error naming it, not a setting silently ignored. A body may be
// given inline (`body`) or as a file (`bodyFile`, relative to the recipe file), which the reader inlines.
import { z } from 'zod';
import { JourneySchema, JourneyStepSchema, LoadSpecSchema, ProfileSpecSchema, RequestSpecSchema, SetupSpecSchema } from './recipe.js';

/** The newest recipe file version this Checkup reads. 1: load, setup, journeys, profile and run settings. */
export const RECIPE_FILE_VERSION = 1;

const bodyFile = { bodyFile: z.string().min(1, 'a body file needs a path').optional() };

const RecipeFileRequestSchema = RequestSpecSchema.extend(bodyFile).strict();
const FileStepSchema = JourneyStepSchema.extend(bodyFile).strict();
const FileJourneySchema = JourneySchema.extend({ steps: z.array(FileStepSchema).min(1, 'a journey has at least one step').max(20) }).strict();
const FileSetupSchema = SetupSpecSchema.extend({ requests: z.array(RecipeFileRequestSchema).min(1, 'give at least one set-up request').max(10) }).strict();

const { requests: _requests, setup: _setup, journeys: _journeys, ...loadFields } = LoadSpecSchema.shape;
const FileLoadSchema = z
  .object({
    ...loadFields,
    requests: z.array(RecipeFileRequestSchema).min(1).optional(),
    setup: FileSetupSchema.optional(),
    journeys: z.array(FileJourneySchema).min(1).max(50).optional(),
  })
  .partial()
  .strict();

export const RecipeFileSchema = z
  .object({
    /** Format version of the file; required, so that a file always says which rules it was written to. */
    version: z.number().int().min(1).max(RECIPE_FILE_VERSION),
    load: FileLoadSchema.optional(),
    profile: ProfileSpecSchema.partial().strict().optional(),
    sampleIntervalMs: z.number().int().min(50).max(10_000).optional(),
    readyTimeoutSec: z.number().min(1).max(600).optional(),
    repeats: z.number().int().min(1).max(20).optional(),
    note: z.string().max(2000).optional(),
  })
  .strict();
export type RecipeFile = z.infer<typeof RecipeFileSchema>;
