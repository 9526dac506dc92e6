// Writing a session's report and bundle into its folder, and importing a bundle.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProfileSummary } from '../contract/profile.js';
import type { SessionDetail } from '../contract/session.js';
import { summarizeProfile } from '../profile/analysis/summarize.js';
import { cpuProfileToModel } from '../profile/import/cpuprofile.js';
import { writeBundle } from '../share/bundle.js';
import { comparisonReportHtml, sessionReportHtml } from '../share/report.js';
import { writeFileAtomic } from '../store/atomic.js';
import { compareRefs, loadSession } from './comparison.js';

function cpuSummary(d: SessionDetail): ProfileSummary | undefined {
  const file = join(d.dir, 'profile.cpuprofile');
  if (!existsSync(file)) return undefined;
  try {
    return summarizeProfile(cpuProfileToModel(JSON.parse(readFileSync(file, 'utf8'))), 'cpuprofile', { top: 15 });
  } catch {
    return undefined;
  }
}

/** report.html in the session folder, or compare-<before>.html for a comparison with an earlier session. */
export async function exportReport(sessionsDir: string, sessionId: string, compareWith?: string): Promise<{ path: string; bytes: number }> {
  const after = await loadSession(sessionId, sessionsDir);
  let html: string;
  let name = 'report.html';
  if (compareWith) {
    const before = await loadSession(compareWith, sessionsDir);
    html = comparisonReportHtml(await compareRefs(before.dir, after.dir, sessionsDir), before, after);
    name = `compare-${before.session.id}.html`;
  } else {
    html = sessionReportHtml(after, cpuSummary(after));
  }
  const path = join(after.dir, name);
  await writeFileAtomic(path, html);
  return { path, bytes: Buffer.byteLength(html) };
}

export async function exportBundle(sessionsDir: string, sessionId: string): Promise<{ path: string; bytes: number }> {
  const d = await loadSession(sessionId, sessionsDir);
  const path = join(d.dir, `${d.session.id}.checkup`);
  return { path, bytes: await writeBundle(d.dir, path) };
}
