// Turns the command after `--` into a target spec: `node [node options] script [args]`, `script.js [args]`,
// `npm run <script> [-- args]` or `npm start|test`.
import { resolve } from 'node:path';
import type { TargetSpec } from '../contract/recipe.js';
import { CheckupError } from '../errors.js';

const NPM_SHORTCUTS = new Set(['start', 'test', 'stop', 'restart']);

export function targetFromCommand(command: string[], cwd: string, env: Record<string, string>): TargetSpec {
  const [first, ...rest] = command;
  if (!first) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'give the app to run after --, e.g. `checkup run -- node server.js`' });
  const program = first.replace(/\\/g, '/').split('/').pop()!.replace(/\.(exe|cmd)$/i, '');
  // The node the user named is the one that runs: a path (`~/node24/bin/node`) or a name other than plain `node`
  // (`node22`) is kept; plain `node` means the one on PATH, as in their shell.
  const isPath = /[\\/]/.test(first);
  const nodeChoice = (name: string): { node?: string } => (isPath ? { node: resolve(cwd, first) } : name !== 'node' ? { node: first } : {});

  if (program === 'npm') {
    let [sub, ...more] = rest;
    if (sub === 'run' || sub === 'run-script') [sub, ...more] = more;
    else if (!sub || !NPM_SHORTCUTS.has(sub)) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'use `npm run <script>` or `npm start` after --' });
    if (!sub) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '`npm run` needs a script name' });
    const args = more[0] === '--' ? more.slice(1) : more;
    return { kind: 'npm', npmScript: sub, args, cwd, env };
  }

  if (/^node(js)?[\d.-]*$/.test(program)) {
    const nodeArgs: string[] = [];
    let i = 0;
    for (; i < rest.length; i++) {
      const arg = rest[i]!;
      if (!arg.startsWith('-')) break;
      nodeArgs.push(arg);
      // Options that take their value as the next word.
      if (/^(-r|--require|--import|--loader|--experimental-loader|--conditions|-C|--title|--env-file)$/.test(arg) && i + 1 < rest.length) nodeArgs.push(rest[++i]!);
    }
    const script = rest[i];
    if (!script) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'give a script for node to run, e.g. `node server.js`' });
    if (nodeArgs.some((a) => /^(-e|--eval|-p|--print|-i|--interactive)$/.test(a))) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: 'checkup runs a script file, not -e/-p code' });
    return { kind: 'script', script: resolve(cwd, script), args: rest.slice(i + 1), nodeArgs, cwd, env, ...nodeChoice(program) };
  }

  if (/\.(c|m)?js$/.test(first)) return { kind: 'script', script: resolve(cwd, first), args: rest, nodeArgs: [], cwd, env };
  throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `checkup runs Node.js apps: \`node <script>\`, \`<script>.js\` or \`npm run <script>\`, not \`${first}\`` });
}

/**
 * `--node NODE` on a target: chooses the node for --demo, a lab and npm scripts; a node named after -- is already in
 * the target and must agree. A path is the user's, typed in their shell: resolved against their working directory, not
 * the app's folder.
 */
export function withNodeOption<T extends { node?: string }>(target: T, node: string | undefined, shellCwd: string): T {
  if (node === undefined) return target;
  const chosen = /[\\/]/.test(node) ? resolve(shellCwd, node) : node;
  if (target.node !== undefined && target.node !== chosen) throw new CheckupError('CHK_INVALID_OPTIONS', { detail: '--node and the node after -- differ: give one' });
  return { ...target, node: chosen };
}
