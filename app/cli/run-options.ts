// `checkup run` options → a validated recipe plus output settings. Load options are named as autocannon names them.
import { RecipeSchema, type Recipe, type RecipeInput, type RequestSpec } from '../contract/recipe.js';
import { describeIssues } from '../contract/schema-issues.js';
import { CheckupError } from '../errors.js';
import { targetFromCommand } from './target-command.js';
import { keyValues, parseCommandLine } from './command-line.js';

export interface RunCommand {
  recipe: Recipe;
  json: boolean;
  outDir?: string;
  baseline?: string;
  failOnRegression: boolean;
  /** --ab: interleaved runs against a commit (REF, default HEAD), N pairs. */
  ab?: { ref: string; pairs: number; exclude: string[] };
}

export const runOptionSpec = {
  connections: { type: 'string', short: 'c' },
  duration: { type: 'string', short: 'd' },
  amount: { type: 'string', short: 'a' },
  pipelining: { type: 'string', short: 'p' },
  method: { type: 'string', short: 'm' },
  header: { type: 'string', short: 'H', multiple: true },
  body: { type: 'string', short: 'b' },
  path: { type: 'string', multiple: true },
  rate: { type: 'string' },
  warmup: { type: 'string' },
  timeout: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'allow-remote': { type: 'boolean' },
  'no-profile': { type: 'boolean' },
  interval: { type: 'string' },
  heap: { type: 'boolean' },
  'no-heap': { type: 'boolean' },
  'sample-interval': { type: 'string' },
  'ready-timeout': { type: 'string' },
  cwd: { type: 'string' },
  env: { type: 'string', short: 'e', multiple: true },
  note: { type: 'string' },
  repeat: { type: 'string' },
  node: { type: 'string' },
  demo: { type: 'boolean' },
  fixed: { type: 'boolean' },
  json: { type: 'boolean' },
  out: { type: 'string' },
  baseline: { type: 'string' },
  'fail-on-regression': { type: 'boolean' },
  ab: { type: 'boolean' },
  against: { type: 'string' },
  pairs: { type: 'string' },
  'ab-exclude': { type: 'string', multiple: true },
} as const;

function number(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || value.trim() === '') throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `--${name} must be a number, not "${value}"` });
  return n;
}

export function parseRunArgs(argv: string[], cwd = process.cwd()): RunCommand {
  const { values: v, positionals, command } = parseCommandLine(argv, runOptionSpec);
  const workDir = v.cwd ? v.cwd : cwd;
  const env = keyValues(v.env, '=', '--env');

  let target: RecipeInput['target'];
  if (v.demo) {
    if (command.length) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--demo runs a bundled sample; do not give a command after --' });
    target = { kind: 'lab', lab: positionals[0] ?? 'blocking', variant: v.fixed ? 'fixed' : 'slow', env };
  } else {
    if (v.fixed) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--fixed goes with --demo (the repaired variant of a sample app)' });
    if (positionals.length) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `unexpected "${positionals[0]}": put the app's command after --` });
    target = targetFromCommand(command, workDir, env);
  }
  // --node chooses the node for --demo and npm scripts; a node named after -- is already in the target.
  if (v.node !== undefined) {
    if ('node' in target && target.node !== undefined && target.node !== v.node) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--node and the node after -- differ: give one' });
    target = { ...target, node: v.node };
  }

  const headers = keyValues(v.header, ':', '--header');
  const paths = v.path?.length ? v.path : ['/'];
  const requests: RequestSpec[] = paths.map((path) => ({ method: (v.method ?? 'GET').toUpperCase(), path, headers, ...(v.body !== undefined ? { body: v.body } : {}) }));
  const input: RecipeInput = {
    target,
    load: {
      requests,
      ...(v.connections !== undefined && { connections: number('connections', v.connections) }),
      ...(v.duration !== undefined && { durationSec: number('duration', v.duration) }),
      ...(v.amount !== undefined && { amount: number('amount', v.amount) }),
      ...(v.pipelining !== undefined && { pipelining: number('pipelining', v.pipelining) }),
      ...(v.rate !== undefined && { rate: number('rate', v.rate) }),
      ...(v.warmup !== undefined && { warmupSec: number('warmup', v.warmup) }),
      ...(v.timeout !== undefined && { timeoutSec: number('timeout', v.timeout) }),
      ...(v.host !== undefined && { host: v.host }),
      ...(v.port !== undefined && { port: number('port', v.port) }),
      ...(v['allow-remote'] && { allowRemote: true }),
    },
    profile: {
      cpu: !v['no-profile'],
      heap: !v['no-heap'],
      ...(v.interval !== undefined && { samplingIntervalUs: number('interval', v.interval) }),
    },
    ...(v['sample-interval'] !== undefined && { sampleIntervalMs: number('sample-interval', v['sample-interval']) }),
    ...(v['ready-timeout'] !== undefined && { readyTimeoutSec: number('ready-timeout', v['ready-timeout']) }),
    ...(v.note !== undefined && { note: v.note }),
    ...(v.repeat !== undefined && { repeats: number('repeat', v.repeat) }),
  };
  const ab = abOptions(v);
  if (v['fail-on-regression'] && v.baseline === undefined) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--fail-on-regression needs --baseline DIR' });
  const checked = RecipeSchema.safeParse(input);
  if (!checked.success) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: describeIssues(checked.error.issues, { whole: 'recipe' }) });
  return {
    recipe: checked.data,
    json: Boolean(v.json),
    ...(v.out !== undefined && { outDir: v.out }),
    ...(v.baseline !== undefined && { baseline: v.baseline }),
    failOnRegression: Boolean(v['fail-on-regression']),
    ...(ab ? { ab } : {}),
  };
}

/** --ab [--against REF] [--pairs N]: what goes with it and what does not. */
function abOptions(v: { ab?: boolean; against?: string; pairs?: string; demo?: boolean; repeat?: string; baseline?: string; 'ab-exclude'?: string[] }): RunCommand['ab'] {
  if (!v.ab) {
    if (v.against !== undefined || v.pairs !== undefined || v['ab-exclude'] !== undefined) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--against, --pairs and --ab-exclude go with --ab (interleaved runs against a commit)' });
    return undefined;
  }
  if (v.demo) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--ab compares your project with a commit; a bundled sample (--demo) has none' });
  if (v.repeat !== undefined) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--ab measures each side once per pair; use --pairs N instead of --repeat' });
  if (v.baseline !== undefined) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--ab compares with a commit; --baseline compares with a saved session: give one' });
  const pairs = number('pairs', v.pairs) ?? 3;
  if (!Number.isInteger(pairs) || pairs < 2 || pairs > 20) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `--pairs must be a whole number from 2 to 20 (a paired test needs two pairs), not "${v.pairs}"` });
  if (v.against !== undefined && !v.against.trim()) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--against needs a commit, branch or tag' });
  const exclude = v['ab-exclude'] ?? [];
  if (exclude.some((g) => !g.trim())) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--ab-exclude needs a file, folder or glob (.env, "data/**")' });
  return { ref: v.against ?? 'HEAD', pairs, exclude };
}
