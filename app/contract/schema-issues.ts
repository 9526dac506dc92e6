// Schema issues (zod's, or anything shaped like them) in the user's words: "field: message; field: message". The one
// place every face turns a refused payload, recipe or option set into text, so the CLI, the UI's inline recipe
// errors and every transport's refusals name a field the same way.

interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  /** zod's issue code and bounds, when there are: worded below instead of zod's own "Too small: expected …". */
  readonly code?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly inclusive?: boolean;
  readonly origin?: string;
  readonly expected?: string;
}

/**
 * What the user calls each field, by its dotted path with list indexes left out (`load.requests.path`). A field
 * missing here is named by its path.
 */
const FIELD_NAMES: Record<string, string> = {
  'load.connections': 'Connections',
  'load.durationSec': 'Duration',
  'load.warmupSec': 'Warm-up',
  'load.rate': 'Rate limit',
  'load.pipelining': 'Pipelining',
  'load.timeoutSec': 'Timeout',
  'load.amount': 'Amount',
  'load.port': 'Port',
  'load.host': 'Host',
  'load.requests': 'Request paths',
  'load.requests.path': 'A request path',
  'load.requests.method': 'Method',
  'readyTimeoutSec': 'Ready timeout',
  'repeats': 'Repeats',
  'sampleIntervalMs': 'Sample interval',
  'profile.samplingIntervalUs': 'CPU sampling interval',
  'target.cwd': 'Project folder',
  'target.script': 'Script',
  'target.npmScript': 'npm script',
  'target.node': 'Node',
  'note': 'Note',
  dir: 'Folder',
  path: 'Path',
};

/** The field's name for the user, when it has one. */
function fieldName(issue: SchemaIssue, wording: IssueWording): string | undefined {
  const path = [...(wording.at ?? []), ...issue.path.filter((p) => typeof p !== 'number').map(String)];
  return FIELD_NAMES[path.join('.')];
}

/** A bound as written for people: 10000 as 10,000. */
const bound = (n: number | bigint) => (typeof n === 'bigint' ? n.toString() : n.toLocaleString('en-US'));

/**
 * One issue as a sentence about the field ("Connections must be at least 1"), for the issues zod words in its own
 * terms; our own messages (a refine's "a request path starts with /") follow the field's name.
 */
function issueWords(issue: SchemaIssue, wording: IssueWording = {}): string {
  const name = fieldName(issue, wording);
  const field = name ?? issueField(issue, wording);
  const number = issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint';
  if (issue.code === 'too_small' && issue.minimum !== undefined) {
    if (number) return `${field} must be ${issue.inclusive === false ? 'more than' : 'at least'} ${bound(issue.minimum)}`;
    if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? `${field} cannot be empty` : `${field} needs at least ${bound(issue.minimum)} characters`;
    if (issue.origin === 'array') return `${field} needs at least ${bound(issue.minimum)}`;
  }
  if (issue.code === 'too_big' && issue.maximum !== undefined) {
    if (number) return `${field} must be ${issue.inclusive === false ? 'less than' : 'at most'} ${bound(issue.maximum)}`;
    if (issue.origin === 'string') return `${field} is too long (at most ${bound(issue.maximum)} characters)`;
    if (issue.origin === 'array') return `${field} has too many entries (at most ${bound(issue.maximum)})`;
  }
  if (issue.code === 'invalid_type') {
    if (/received undefined/.test(issue.message)) return `${field} is missing`;
    if (issue.expected === 'int') return `${field} must be a whole number`;
    if (issue.expected === 'number') return `${field} must be a number`;
    if (issue.expected === 'string') return `${field} must be text`;
    return issue.expected ? `${field} must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}` : `${field}: ${issue.message}`;
  }
  if (issue.code === 'not_multiple_of' || (issue.code === 'invalid_format' && /integer/i.test(issue.message))) return `${field} must be a whole number`;
  if (/expected int/i.test(issue.message)) return `${field} must be a whole number`;
  // Our own messages that read as the rest of a sentence ("must be a full path") follow the field's name.
  return /^must /.test(issue.message) ? `${field} ${issue.message}` : `${field}: ${issue.message}`;
}

interface IssueWording {
  /** What the checked value is called, for an issue about the value as a whole (no path). */
  whole?: string;
  /** Where the checked value sits inside a bigger one the user knows (validSpec checks the recipe's `load`). */
  at?: readonly string[];
}

/** Enough to act on without drowning the message: a union's failure can list dozens of issues. */
const MAX_DESCRIBED = 5;

/** The dotted field an issue is about (`load.connections`), or the value's own name. */
function issueField(issue: SchemaIssue, wording: IssueWording = {}): string {
  const path = [...(wording.at ?? []), ...issue.path.map(String)];
  return path.length ? path.join('.') : (wording.whole ?? 'value');
}

/** Field -> sentence, the first per field (RecipeCheck.errors, for inline validation). */
export function issuesByField(issues: readonly SchemaIssue[], wording: IssueWording = {}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issueField(issue, wording)] ??= issueWords(issue, wording);
  return fields;
}

/** "field: message; field: message", at most MAX_DESCRIBED of them. */
export function describeIssues(issues: readonly SchemaIssue[], wording: IssueWording = {}): string {
  if (!issues.length) return `${wording.whole ?? 'value'}: not valid`;
  const text = issues
    .slice(0, MAX_DESCRIBED)
    .map((issue) => issueWords(issue, wording))
    .join('; ');
  return issues.length > MAX_DESCRIBED ? `${text}; and ${issues.length - MAX_DESCRIBED} more` : text;
}
