// What the start-up probe (app/probe/startup.cjs) writes for one process, and reading it back. Plain data from the
// user's own Node: read defensively, a record that is not an object is none.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';

interface ProbeCjsModule {
  file: string;
  package: string | null;
  parent: string | null;
  format: 'cjs' | 'json' | 'native';
  /** Epoch ms. */
  startAt: number;
  totalMs: number;
  resolveMs: number;
  lookups: number;
  readMs: number;
  compileMs: number;
  execMs: number;
}

interface ProbeEsmModule {
  url: string;
  package: string | null;
  parent: string | null;
  resolveMs: number;
  loadMs: number;
  /** Epoch ms. */
  execStartAt: number;
  execMs: number;
}

export interface ProbeRecord {
  pid: number;
  nodeVersion: string;
  script: string | null;
  /** Epoch ms, the process's performance.timeOrigin. */
  processStartAt: number;
  preloadAt: number;
  preloadEndAt: number;
  firstUserCodeAt: number | null;
  readyAt: number;
  readyKind: 'listen' | 'exit';
  exitCode: number | null;
  port: number | null;
  trace: { cjs: { lookupsCounted: boolean }; esm: { hooks: string; thread?: string; missing?: string; skipped?: string } } | null;
  traceError?: string;
  /** A start that failed: the innermost module being required when the last error went through require(). */
  failedIn?: { file: string; error: string };
  usageError?: string;
  profileError?: string;
  profile: boolean;
  modules?: ProbeCjsModule[];
  esmModules?: ProbeEsmModule[];
  usage?: { snapshots: number; packages: Record<string, { calledAfterLoad: number }> };
}

/** Every record in the folder (one per measured process), skipping what is not one. */
export async function readProbeRecords(dir: string): Promise<ProbeRecord[]> {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => /^\d+\.json$/.test(n));
  const out: ProbeRecord[] = [];
  for (const name of names) {
    try {
      const value = JSON.parse(await fs.readFile(join(dir, name), 'utf8')) as ProbeRecord;
      if (value && typeof value === 'object' && typeof value.readyAt === 'number' && typeof value.processStartAt === 'number') out.push(value);
    } catch {
      // a torn or foreign file: not a record
    }
  }
  return out;
}
