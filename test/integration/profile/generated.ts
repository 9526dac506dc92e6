// Generated big .cpuprofile files for the huge-file tests, made by the repo's generator in a child process.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

const generator = join(rootDir, 'scripts', 'generate-big-profile.js');

export async function generateProfile(out: string, size: string, seed: number): Promise<Generated> {
  const { stdout } = await promisify(execFile)(process.execPath, [generator, '--size', size, '--seed', String(seed), '--out', out]);
  return JSON.parse(stdout) as Generated;
}

/**
 * The generator's file for a size and seed, made once and kept between test runs: the same seed gives the same bytes
 * (huge.test.ts checks it), and the 200 MB file takes 20-50 s of CPU to write on this machine. Kept in
 * node_modules/.cache/checkup-tests under a name carrying the generator's own hash, so a changed generator makes it
 * anew (the older file of that size and seed is removed then). Written under another name and renamed into place, so
 * a file cut short by a killed run is never taken for a made one. Read it, never write to it.
 */
export async function cachedProfile(size: string, seed: number): Promise<Generated> {
  const hash = createHash('sha256');
  for (const file of [generator, join(rootDir, 'scripts', 'seeded.js')]) hash.update(readFileSync(file));
  const cache = join(rootDir, 'node_modules', '.cache', 'checkup-tests');
  const prefix = `profile-${size}-seed${seed}-`;
  const path = join(cache, `${prefix}${hash.digest('hex').slice(0, 16)}.cpuprofile`);
  const facts = `${path}.json`;
  if (existsSync(path) && existsSync(facts)) return { ...(JSON.parse(readFileSync(facts, 'utf8')) as Generated), path };
  mkdirSync(cache, { recursive: true });
  for (const old of readdirSync(cache).filter((f) => f.startsWith(prefix))) rmSync(join(cache, old), { force: true });
  const making = mkdtempSync(join(cache, 'making-'));
  try {
    const made = await generateProfile(join(making, 'profile.cpuprofile'), size, seed);
    renameSync(made.path, path);
    writeFileSync(facts, JSON.stringify({ ...made, path }));
    return { ...made, path };
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
}

/** The kept file (cachedProfile) at `out`, for a test whose file must have a name of its own: a hard link, else a copy. */
export async function cachedProfileAt(out: string, size: string, seed: number): Promise<Generated> {
  const made = await cachedProfile(size, seed);
  try {
    linkSync(made.path, out);
  } catch {
    copyFileSync(made.path, out);
  }
  return { ...made, path: out };
}
