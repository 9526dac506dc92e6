// `checkup run` options → a validated recipe plus output settings. Load options are named as autocannon names them.
import { RecipeSchema, type Recipe, type RecipeInput, type RequestSpec, type SetupSpec } from '../contract/recipe.js';
import { describeIssues } from '../contract/schema-issues.js';
import { CheckupError } from '../errors.js';
import { targetFromCommand, withNodeOption } from './target-command.js';
import { keyValues, parseCommandLine } from './command-line.js';
import { readRecipeFile } from './recipe-file-reader.js';
import { basename, resolve } from 'node:path';
import { readFileSync, statSync } from 'node:fs';
import { importHar, type HarImport } from '../contract/har-import.js';
import { RampSpecSchema, type RampSpec } from '../contract/ramp.js';

export interface RunCommand {
  recipe: Recipe;
  json: boolean;
  outDir?: string;
  baseline?: string;
  failOnRegression: boolean;
  /** --har FILE: the recording imported as journeys, for the preview. */
  har?: { name: string; imported: HarImport };
  /** --ramp FROM:TO:STEP: a stepped ramp of rates to find the knee, instead of one checkup. */
  ramp?: RampSpec;
  /** --dry-run: print what the load would send, send nothing. */
  dryRun: boolean;
  /** --ab: interleaved runs against a commit (REF, default HEAD), N pairs. */
  ab?: { ref: string; pairs: number; exclude: string[] };
}

const runOptionSpec = {
  connections: { type: 'string', short: 'c' },
  duration: { type: 'string', short: 'd' },
  amount: { type: 'string', short: 'a' },
  pipelining: { type: 'string', short: 'p' },
  method: { type: 'string', short: 'm' },
  header: { type: 'string', short: 'H', multiple: true },
  body: { type: 'string', short: 'b' },
  path: { type: 'string', multiple: true },
  rate: { type: 'string' },
  recipe: { type: 'string' },
  har: { type: 'string' },
  ramp: { type: 'string' },
  'ramp-step-sec': { type: 'string' },
  'knee-p99': { type: 'string' },
  'knee-errors': { type: 'string' },
  'dry-run': { type: 'boolean' },
  setup: { type: 'string' },
  'setup-body': { type: 'string' },
  'setup-header': { type: 'string', multiple: true },
  'setup-cookie': { type: 'string', multiple: true },
  'setup-token': { type: 'string' },
  'setup-token-header': { type: 'string' },
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
  // The session records the project as an absolute folder (places in the app are shown relative to it).
  const workDir = v.cwd ? resolve(cwd, v.cwd) : cwd;
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
  target = withNodeOption(target, v.node, cwd);

  const fromFile = v.recipe !== undefined ? readRecipeFile(v.recipe, cwd) : {};
  const fileLoad = fromFile.load ?? {};
  const headers = keyValues(v.header, ':', '--header');
  const requestFlags = v.path?.length || v.method !== undefined || v.header?.length || v.body !== undefined;
  const paths = v.path?.length ? v.path : ['/'];
  const requests: RequestSpec[] = paths.map((path) => ({ method: (v.method ?? 'GET').toUpperCase(), path, headers, ...(v.body !== undefined ? { body: v.body } : {}) }));
  const setup = setupFromFlags(v, fileLoad.setup);
  const har = v.har !== undefined ? { name: basename(v.har), imported: importHar(readHarFile(resolve(cwd, v.har)), basename(v.har), { allowRemote: Boolean(v['allow-remote'] ?? fileLoad.allowRemote) }) } : undefined;
  if (har && requestFlags) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--har sends the recording\'s requests: give it without --path, -m, -H or -b' });
  const input: RecipeInput = {
    ...fromFile,
    target,
    load: {
      ...fileLoad,
      ...(requestFlags || !fileLoad.requests ? { requests } : {}),
      ...(setup ? { setup } : {}),
      ...(har ? { journeys: har.imported.journeys } : {}),
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
      ...fromFile.profile,
      ...(v['no-profile'] && { cpu: false }),
      ...(v['no-heap'] && { heap: false }),
      ...(v.interval !== undefined && { samplingIntervalUs: number('interval', v.interval) }),
    },
    ...(v['sample-interval'] !== undefined && { sampleIntervalMs: number('sample-interval', v['sample-interval']) }),
    ...(v['ready-timeout'] !== undefined && { readyTimeoutSec: number('ready-timeout', v['ready-timeout']) }),
    ...(v.note !== undefined && { note: v.note }),
    ...(v.repeat !== undefined && { repeats: number('repeat', v.repeat) }),
  };
  const ab = abOptions(v);
  const ramp = rampOptions(v);
  if (ramp && (ab || v.rate !== undefined || v.repeat !== undefined)) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--ramp sets the rate step by step: give it without --rate, --repeat or --ab' });
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
    ...(har ? { har } : {}),
    ...(ramp ? { ramp } : {}),
    dryRun: Boolean(v['dry-run']),
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

type SetupInput = NonNullable<NonNullable<RecipeInput['load']>['setup']>;
interface SetupFlags {
  setup?: string;
  'setup-body'?: string;
  'setup-header'?: string[];
  'setup-cookie'?: string[];
  'setup-token'?: string;
  'setup-token-header'?: string;
}

/**
 * --setup 'POST /login' [--setup-body TEXT] [--setup-header K:V] [--setup-cookie NAME] [--setup-token PATH
 * [--setup-token-header NAME]]: one set-up request from the command line, in place of the recipe file's. Without
 * --setup, --setup-body gives the body of the file's first set-up request (a password kept out of the file).
 */
function setupFromFlags(v: SetupFlags, fromFile: SetupInput | undefined): SetupInput | undefined {
  const others = v['setup-header']?.length || v['setup-cookie']?.length || v['setup-token'] !== undefined || v['setup-token-header'] !== undefined;
  if (v.setup === undefined) {
    if (others) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--setup-header, --setup-cookie and --setup-token go with --setup \'METHOD /path\' (the login request)' });
    if (v['setup-body'] === undefined) return fromFile;
    if (!fromFile) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--setup-body goes with --setup \'METHOD /path\', or with a recipe file that has load.setup' });
    const [first, ...rest] = fromFile.requests;
    return { ...fromFile, requests: [{ ...first, body: v['setup-body'] }, ...rest] };
  }
  const match = /^\s*(?:([A-Za-z]+)\s+)?(\S+)\s*$/.exec(v.setup);
  if (!match) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `--setup must look like 'POST /login', not "${v.setup}"` });
  const tokenHeader = v['setup-token-header'];
  if (tokenHeader !== undefined && v['setup-token'] === undefined) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--setup-token-header goes with --setup-token PATH (where the token is in the JSON answer)' });
  const setup: SetupSpec | SetupInput = {
    requests: [{ method: (match[1] ?? (v['setup-body'] !== undefined ? 'POST' : 'GET')).toUpperCase(), path: match[2]!, headers: keyValues(v['setup-header'], ':', '--setup-header'), ...(v['setup-body'] !== undefined ? { body: v['setup-body'] } : {}) }],
    cookies: v['setup-cookie'] ?? [],
    ...(v['setup-token'] !== undefined ? { token: { from: v['setup-token'], ...(tokenHeader !== undefined ? { header: tokenHeader } : {}) } } : {}),
  };
  return setup;
}

/** A recording of one user's visit is a few megabytes at most; a bigger file is not one. */
const MAX_HAR_BYTES = 64 * 1024 * 1024;

function readHarFile(path: string): string {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    throw new CheckupError('CHK_FILE_NOT_FOUND', { path });
  }
  if (size > MAX_HAR_BYTES) throw new CheckupError('CHK_HAR_INVALID', { name: basename(path), detail: `it is ${Math.round(size / 1048576)} MB; Checkup reads recordings up to ${MAX_HAR_BYTES / 1048576} MB` });
  return readFileSync(path, 'utf8');
}

/** --ramp FROM:TO:STEP [--ramp-step-sec N] --knee-p99 MS | --knee-errors PCT. */
function rampOptions(v: { ramp?: string; 'ramp-step-sec'?: string; 'knee-p99'?: string; 'knee-errors'?: string }): RampSpec | undefined {
  if (v.ramp === undefined) {
    if (v['ramp-step-sec'] !== undefined || v['knee-p99'] !== undefined || v['knee-errors'] !== undefined) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--ramp-step-sec, --knee-p99 and --knee-errors go with --ramp FROM:TO:STEP' });
    return undefined;
  }
  const match = /^(\d+):(\d+):(\d+)$/.exec(v.ramp.trim());
  if (!match) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `--ramp must look like FROM:TO:STEP in requests per second, e.g. 100:1000:100, not "${v.ramp}"` });
  const parsed = RampSpecSchema.safeParse({
    from: Number(match[1]),
    to: Number(match[2]),
    step: Number(match[3]),
    ...(v['ramp-step-sec'] !== undefined && { stepSec: number('ramp-step-sec', v['ramp-step-sec']) }),
    ...(v['knee-p99'] !== undefined && { p99Ms: number('knee-p99', v['knee-p99']) }),
    ...(v['knee-errors'] !== undefined && { errorPercent: number('knee-errors', v['knee-errors']) }),
  });
  if (!parsed.success) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: describeIssues(parsed.error.issues, { at: ['ramp'] }).replace('ramp.p99Ms', '--knee-p99').replace('ramp.to', '--ramp').replace('ramp.step', '--ramp') });
  return parsed.data;
}
