// A recipe checked against its schema and its journeys' placeholders: the form's errors field by field, or the
// recipe a run starts from.
import type { RecipeCheck } from '../contract/api.js';
import { RecipeSchema, type Recipe } from '../contract/recipe.js';
import { issuesByField } from '../contract/schema-issues.js';
import { uncapturedPlaceholders } from '../contract/journey-plan.js';
import { CheckupError } from '../errors.js';

export function checkRecipe(input: unknown): RecipeCheck {
  const parsed = RecipeSchema.safeParse(input);
  if (parsed.success) {
    // A placeholder no earlier step captures would stop the run at its start: the form says so as the user types.
    const uncaptured = uncapturedPlaceholders(parsed.data.load.journeys ?? []);
    if (uncaptured.length) return { ok: false, errors: Object.fromEntries(uncaptured.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)])) };
    return { ok: true, errors: {}, recipe: parsed.data };
  }
  return { ok: false, errors: issuesByField(parsed.error.issues, { whole: 'recipe' }) };
}

/** The recipe checked, or CHK_INVALID_RECIPE with every field that is wrong. */
export function validRecipe(input: unknown): Recipe {
  const check = checkRecipe(input);
  if (!check.ok || !check.recipe) throw new CheckupError('CHK_INVALID_RECIPE', { detail: Object.entries(check.errors).map(([k, v]) => `${k}: ${v}`).join('; ') });
  return check.recipe;
}
