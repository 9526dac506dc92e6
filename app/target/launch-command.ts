// From a target spec to the exact command line, working folder and environment. Checks what can be checked before
// anything starts: the folder, the script, the npm script, the node binary.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { CheckupError } from '../errors.js';
import { findNpmCli, findOnPath, resolveNodeBinary } from '../node-binary.js';

export interface ScriptTarget {
  kind: 'script';
  /** Absolute, or relative to cwd. */
  script: string;
  args?: string[];
  nodeArgs?: string[];
  cwd: string;
  env?: Record<string, string>;
}

export interface NpmTarget {
  kind: 'npm';
  npmScript: string;
  args?: string[];
  cwd: string;
  env?: Record<string, string>;
}

/** The launchable kinds of TargetSpec (app/contract/recipe.ts); the engine maps `lab` to a script. */
export type LaunchSpec = ScriptTarget | NpmTarget;

export interface LaunchCommand {
  file: string;
  args: string[];
  cwd: string;
  /** Display form, for logs and session names. */
  display: string;
  /** The node binary that runs the app (for npm: the one npm runs under, and whose PATH npm passes on). */
  node: string;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function readScripts(cwd: string): Record<string, string> | undefined {
  const pkgPath = resolve(cwd, 'package.json');
  if (!existsSync(pkgPath)) return undefined;
  try {
    const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { scripts?: unknown };
    const scripts = pkg.scripts;
    if (typeof scripts !== 'object' || scripts === null) return {};
    return Object.fromEntries(Object.entries(scripts).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  } catch (err) {
    throw new CheckupError('CHK_NPM_SCRIPT_NOT_FOUND', { cwd, available: `none (package.json is not valid JSON: ${(err as Error).message})` });
  }
}

function quoteForDisplay(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function buildLaunchCommand(spec: LaunchSpec, nodeOption?: string): LaunchCommand {
  if (spec.kind !== 'script' && spec.kind !== 'npm') {
    throw new CheckupError('CHK_INVALID_RECIPE', { detail: `cannot launch a target of kind ${String((spec as { kind: unknown }).kind)}` });
  }
  if (typeof spec.cwd !== 'string' || !spec.cwd) throw new CheckupError('CHK_INVALID_RECIPE', { detail: 'the target has no working folder (cwd)' });
  const cwd = resolve(spec.cwd);
  const args = spec.args ?? [];
  if (spec.kind === 'script') {
    if (!isDirectory(cwd)) throw new CheckupError('CHK_SCRIPT_NOT_FOUND', { path: spec.script, cwd });
    const script = resolve(cwd, spec.script);
    if (!isFile(script)) throw new CheckupError('CHK_SCRIPT_NOT_FOUND', { path: spec.script, cwd });
    const node = resolveNodeBinary(nodeOption);
    const argv = [...(spec.nodeArgs ?? []), script, ...args];
    return { file: node, args: argv, cwd, node, display: ['node', ...argv].map(quoteForDisplay).join(' ') };
  }
  const scripts = isDirectory(cwd) ? readScripts(cwd) : undefined;
  if (!scripts || !Object.prototype.hasOwnProperty.call(scripts, spec.npmScript)) {
    const available = scripts ? Object.keys(scripts).join(', ') || 'none' : 'none (no package.json)';
    throw new CheckupError('CHK_NPM_SCRIPT_NOT_FOUND', { cwd, name: spec.npmScript, available });
  }
  const node = resolveNodeBinary(nodeOption);
  const npmArgs = ['run', spec.npmScript, ...(args.length ? ['--', ...args] : [])];
  const display = ['npm', ...npmArgs].map(quoteForDisplay).join(' ');
  const npmCli = findNpmCli(node);
  if (npmCli) return { file: node, args: [npmCli, ...npmArgs], cwd, node, display };
  // No npm-cli.js next to node (unusual installs): run whatever `npm` is on PATH; not on Windows, where npm is a
  // .cmd file that needs a shell.
  const npm = process.platform === 'win32' ? undefined : findOnPath('npm');
  if (!npm) throw new CheckupError('CHK_NODE_NOT_FOUND', { detail: 'cannot find npm next to ' + node + ' or on the PATH' });
  return { file: npm, args: npmArgs, cwd, node, display };
}
