// The version of the Node that will run the app, asked once before the first start, so that the starts planned (the
// compile-cache trial needs Node 22.1+) are known from the first progress event on.
import { execFileSync } from 'node:child_process';
import { buildLaunchCommand, type LaunchSpec } from '../target/launch-command.js';

/** `v22.12.0`, or undefined when that Node cannot say (the first start will then tell). */
export function nodeVersionFor(launch: LaunchSpec, nodeOption?: string): string | undefined {
  try {
    const { node } = buildLaunchCommand(launch, nodeOption);
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const out = execFileSync(node, ['--version'], { encoding: 'utf8', timeout: 10_000, env, stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true }).trim();
    return /^v\d+\.\d+\.\d+/.test(out) ? out : undefined;
  } catch {
    return undefined;
  }
}
