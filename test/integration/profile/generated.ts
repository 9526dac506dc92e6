// Generated big .cpuprofile files for the huge-file tests, made by the repo's generator in a child process.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { rootDir } from '../../../app/paths.js';

export interface Generated {
  path: string;
  bytes: number;
  samples: number;
  nodes: number;
  functions: number;
}

export async function generateProfile(out: string, size: string, seed: number): Promise<Generated> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(rootDir, 'scripts', 'generate-big-profile.js'), '--size', size, '--seed', String(seed), '--out', out]);
  return JSON.parse(stdout) as Generated;
}
