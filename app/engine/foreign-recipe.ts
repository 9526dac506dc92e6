// A recipe that came from outside (a .checkup bundle someone sent) is a command line someone else wrote. Before it is
// launched the user sees what it runs (`launchPreview`: the command, the folder, the environment) and confirms; and
// whatever the user says, it may not carry what runs code other than the project's own: code to evaluate, a module
// preloaded from elsewhere, an inspector, an environment that loads code, another program in node's place, a script
// outside its project or a project inside the sessions folder (whose files came in the same bundle).
import { isAbsolute, relative, resolve } from 'node:path';
import type { RerunPreview } from '../contract/api.js';
import type { Recipe } from '../contract/recipe.js';
import { missingSecrets } from '../contract/recipe-secrets.js';
import type { SessionFile } from '../contract/session.js';
import { commandLine } from '../contract/words.js';
import { CheckupError, toCheckupError } from '../errors.js';
import { labScript } from '../labs/catalogue.js';
import { resolveTarget } from '../target/resolve-target.js';

interface LaunchPreview {
  /** The program and its arguments, as they are started; for a recipe that attaches, `checkup attach` and where. */
  command: string[];
  cwd: string;
  /** What the recipe adds to the environment. */
  env: Record<string, string>;
}

function launchPreview(recipe: Recipe): LaunchPreview {
  const t = recipe.target;
  // A recipe that attached launches nothing: it attaches again, to what `attach.to` names.
  if (recipe.attach) return { command: ['checkup', 'attach', recipe.attach.to], cwd: t.kind === 'lab' ? resolveTarget(t).project : t.cwd, env: {} };
  const node = t.node ?? 'node';
  if (t.kind === 'lab') {
    const script = labScript(t.lab, t.variant);
    return { command: [node, script], cwd: resolveTarget(t).project, env: t.env };
  }
  if (t.kind === 'npm') return { command: ['npm', 'run', t.npmScript, ...(t.args.length ? ['--', ...t.args] : [])], cwd: t.cwd, env: t.env };
  return { command: [node, ...t.nodeArgs, t.script, ...t.args], cwd: t.cwd, env: t.env };
}

function refuse(item: string, why: string): never {
  throw new CheckupError('CHK_RECIPE_REFUSED', { item, why });
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** Options that take the next argument as their value. */
const PRELOADS = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader']);
const EVALS = new Set(['-e', '--eval', '-p', '--print']);
/** A package name with an optional subpath (`dotenv/config`): resolved from the project's own node_modules. */
const BARE_SPECIFIER = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w.-]+)*$/i;
/**
 * Node options a shared recipe may carry: memory and stack sizes, warnings, tracing, source maps, experimental and
 * `--no-` switches. None reads a file or runs code; any other option is refused, as an unknown is not known safe.
 */
const HARMLESS = [
  /^--(?:max-old-space-size|max-semi-space-size|stack-size|stack-trace-limit|max-http-header-size|unhandled-rejections|dns-result-order|uv-threadpool-size)=[\w.-]+$/,
  /^--(?:enable-source-maps|expose-gc|no-warnings|no-deprecation|pending-deprecation|throw-deprecation|trace-[a-z-]+|abort-on-uncaught-exception|preserve-symlinks|preserve-symlinks-main|jitless|zero-fill-buffers|frozen-intrinsics|insecure-http-parser|no-addons|harmony[a-z_-]*|no-[a-z-]+)$/,
  /^--experimental-(?!loader|sea-config|policy|config-file)[a-z-]+$/,
];

function checkPreload(option: string, value: string | undefined, cwd: string, sessionsDir: string): void {
  const item = `${option} ${value ?? ''}`.trim();
  if (!value) refuse(item, 'it preloads a module and names none');
  if (BARE_SPECIFIER.test(value) && !value.startsWith('.')) return;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !value.startsWith('file:')) refuse(item, 'it preloads code from a URL, not from the project');
  const path = resolve(cwd, value.startsWith('file:') ? new URL(value).pathname : value);
  if (!inside(cwd, path) || inside(sessionsDir, path)) refuse(item, `it preloads ${path}, outside the project ${cwd}`);
}

function checkNodeArgs(nodeArgs: string[], cwd: string, sessionsDir: string): void {
  for (let i = 0; i < nodeArgs.length; i++) {
    const arg = nodeArgs[i]!;
    const [option, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    // `-pe`: short options combine, and any with e or p evaluates its argument.
    if (EVALS.has(option) || /^-[a-z]*[ep][a-z]*$/i.test(option)) refuse(arg, 'it runs code written in the recipe itself');
    if (/^--(?:inspect|debug)/.test(option)) refuse(arg, 'it opens a debugger port that lets anyone on it run code in the app');
    if (option === '--env-file' || option === '--env-file-if-exists') refuse(arg, 'it loads environment variables (NODE_OPTIONS among them) from a file');
    if (PRELOADS.has(option)) {
      const value = inline ?? nodeArgs[++i];
      checkPreload(option, value, cwd, sessionsDir);
      continue;
    }
    if (!HARMLESS.some((re) => re.test(arg))) refuse(arg, 'a shared recipe may carry only node options that load and run nothing (memory, warnings, tracing, source maps)');
  }
}

/** Environment variables that make node, npm, the shell or the dynamic linker load code. NODE_ENV is the app's own. */
function checkEnv(env: Record<string, string>): void {
  for (const name of Object.keys(env)) {
    const item = `${name}=${env[name]}`;
    if (/^NODE_/i.test(name) && name !== 'NODE_ENV') refuse(item, `${name} is read by Node.js itself (NODE_OPTIONS, NODE_PATH... load code)`);
    if (/^npm_/i.test(name)) refuse(item, 'npm settings in the environment can change the shell and the code npm runs');
    if (/^(?:LD_|DYLD_)/i.test(name)) refuse(item, 'it makes the system load native libraries into the app');
    if (/^(?:PATH|BASH_ENV|ENV|ComSpec|SHELL|SHELLOPTS|PS4)$/i.test(name)) refuse(item, 'it changes which programs and shell startup files run');
  }
}

const LOOPBACK_HOSTS = /^(?:127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/i;
/**
 * A shared recipe loads this machine only, as a lab does: sent elsewhere, the load (and any Authorization header the
 * recipe carries) would go from the user's machine to a host someone else chose. Headers to the user's own app stay.
 */
function checkLoad(load: Recipe['load']): void {
  if (load.allowRemote || !LOOPBACK_HOSTS.test(load.host)) refuse(`load host ${load.host}${load.allowRemote ? ' (allowRemote)' : ''}`, 'it sends load to another machine, and a shared recipe loads only this one');
}

/** Throws CHK_RECIPE_REFUSED, naming the argument, when a recipe from outside carries what it must never carry. */
export function checkForeignRecipe(recipe: Recipe, sessionsDir: string): void {
  const t = recipe.target;
  if (recipe.attach) refuse(`attach to ${recipe.attach.to}`, 'it attaches to a running process rather than launching its command, and a process named on the machine that wrote it is not one of yours here');
  checkLoad(recipe.load);
  checkEnv(t.env);
  if (t.node !== undefined && !/^node[\w.-]*$/.test(t.node)) refuse(`--node ${t.node}`, 'a shared recipe runs the node on your PATH, not a program it names');
  if (t.kind === 'lab') return;
  const cwd = resolve(t.cwd);
  if (inside(resolve(sessionsDir), cwd)) refuse(`cwd ${t.cwd}`, 'its folder is inside the sessions folder, whose files came with the bundle');
  if (t.kind === 'script') {
    const script = resolve(cwd, t.script);
    if (!inside(cwd, script)) refuse(t.script, `the script is outside its project ${cwd}`);
    checkNodeArgs(t.nodeArgs, cwd, sessionsDir);
  }
}

/** What a rerun of the session launches; for an imported one also whether it was confirmed, or why it is refused. */
export function rerunPreview(session: SessionFile, sessionsDir: string): RerunPreview {
  let refused;
  try {
    if (session.imported) checkForeignRecipe(session.recipe, sessionsDir);
  } catch (err) {
    refused = toCheckupError(err).toJSON();
  }
  const secretsNeeded = missingSecrets(session.recipe);
  return { sessionId: session.id, ...launchPreview(session.recipe), ...(session.imported ? { imported: session.imported } : {}), ...(refused ? { refused } : {}), ...(secretsNeeded.length ? { secretsNeeded } : {}) };
}

/** A session's recipe may be launched: the user's own, or imported, confirmed and carrying nothing refused. */
export function assertLaunchable(session: SessionFile, sessionsDir: string): void {
  if (!session.imported) return;
  checkForeignRecipe(session.recipe, sessionsDir);
  if (session.imported.confirmedAt) return;
  const { command, cwd, env } = launchPreview(session.recipe);
  const envText = Object.keys(env).length ? `, with ${Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' ')}` : '';
  throw new CheckupError('CHK_RECIPE_UNCONFIRMED', { id: session.id, from: session.imported.from, command: commandLine(command), cwd, env: envText });
}
