// Schema issues (zod's, or anything shaped like them) in the user's words: "field: message; field: message". The one
// place every face turns a refused payload, recipe or option set into text, so the CLI, the UI's inline recipe
// errors and every transport's refusals name a field the same way.

export interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export interface IssueWording {
  /** What the checked value is called, for an issue about the value as a whole (no path). */
  whole?: string;
  /** Where the checked value sits inside a bigger one the user knows (validSpec checks the recipe's `load`). */
  at?: readonly string[];
}

/** Enough to act on without drowning the message: a union's failure can list dozens of issues. */
const MAX_DESCRIBED = 5;

/** The dotted field an issue is about (`load.connections`), or the value's own name. */
export function issueField(issue: SchemaIssue, wording: IssueWording = {}): string {
  const path = [...(wording.at ?? []), ...issue.path.map(String)];
  return path.length ? path.join('.') : (wording.whole ?? 'value');
}

/** Field -> message, the first message per field (RecipeCheck.errors, for inline validation). */
export function issuesByField(issues: readonly SchemaIssue[], wording: IssueWording = {}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issueField(issue, wording)] ??= issue.message;
  return fields;
}

/** "field: message; field: message", at most MAX_DESCRIBED of them. */
export function describeIssues(issues: readonly SchemaIssue[], wording: IssueWording = {}): string {
  if (!issues.length) return `${wording.whole ?? 'value'}: not valid`;
  const text = issues
    .slice(0, MAX_DESCRIBED)
    .map((issue) => `${issueField(issue, wording)}: ${issue.message}`)
    .join('; ');
  return issues.length > MAX_DESCRIBED ? `${text}; and ${issues.length - MAX_DESCRIBED} more` : text;
}
