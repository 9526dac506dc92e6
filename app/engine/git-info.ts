// The project's git state at the time of a run (commit, branch, uncommitted changes), so a tuning history can say
// what code each run measured. Absent when the project is not a git repository or git is not installed.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { GitInfo } from '../contract/session.js';

const run = promisify(execFile);

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd, timeout: 3000, maxBuffer: 1024 * 1024 });
  return stdout.trim();
}

export async function readGitInfo(cwd: string): Promise<GitInfo | undefined> {
  try {
    const commit = await git(cwd, ['rev-parse', 'HEAD']);
    const [branch, status] = await Promise.all([git(cwd, ['rev-parse', '--abbrev-ref', 'HEAD']).catch(() => ''), git(cwd, ['status', '--porcelain', '--untracked-files=no'])]);
    const dirty = status.length > 0;
    const diffStat = dirty ? (await git(cwd, ['diff', '--shortstat', 'HEAD']).catch(() => '')) : '';
    return { commit, dirty, ...(branch && branch !== 'HEAD' ? { branch } : {}), ...(diffStat ? { diffStat } : {}) };
  } catch {
    return undefined;
  }
}
