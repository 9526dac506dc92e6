// The suite's temporary folder: every test file's temporary files (sessions, projects, databases, browser profiles)
// go into one folder made for this run, which is removed when the run ends, so a run leaves nothing in /tmp whatever
// its files forget to clean. The folder is open to every user like /tmp (mode 1777): some tests run servers as
// other users (PostgreSQL as postgres, the attach guards' other user). CHECKUP_KEEP_TEST_TMP=1 keeps it to read.
// The real-app corpus's working copies are a cache (their npm installs take minutes): they stay where they were.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  process.env.CHECKUP_REALAPPS_WORK ??= join(tmpdir(), 'checkup-realapps');
  const root = mkdtempSync(join(tmpdir(), 'checkup-tests-'));
  chmodSync(root, 0o1777);
  process.env.TMPDIR = root;
  return () => {
    if (process.env.CHECKUP_KEEP_TEST_TMP) {
      console.log(`test files kept in ${root}`);
      return;
    }
    try {
      rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    } catch (err) {
      console.warn(`could not remove the suite's temporary folder ${root}: ${(err as Error).message}`);
    }
  };
}
