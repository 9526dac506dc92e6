// Writing a session's report and bundle into its folder, and importing a bundle.
import { join } from 'node:path';
import { writeBundle } from '../share/bundle.js';
import { comparisonReportHtml, sessionReportHtml } from '../share/report.js';
import { writeFileAtomic } from '../store/atomic.js';
import { readCpuSummary } from '../store/session-profiles.js';
import { readSessionRef } from '../store/session-reader.js';
import { compareRefs } from './compare-refs.js';

/** Hot functions listed in a session's report. */
const REPORT_TOP_FUNCTIONS = 15;

/** report.html in the session folder, or compare-<before>.html for a comparison with an earlier session. */
export async function exportReport(sessionsDir: string, sessionId: string, compareWith?: string): Promise<{ path: string; bytes: number }> {
  const after = await readSessionRef(sessionId, sessionsDir);
  let html: string;
  let name = 'report.html';
  if (compareWith) {
    const before = await readSessionRef(compareWith, sessionsDir);
    html = comparisonReportHtml(await compareRefs(before.dir, after.dir, sessionsDir), before, after);
    name = `compare-${before.session.id}.html`;
  } else {
    html = sessionReportHtml(after, await readCpuSummary(after.dir, REPORT_TOP_FUNCTIONS));
  }
  const path = join(after.dir, name);
  await writeFileAtomic(path, html);
  return { path, bytes: Buffer.byteLength(html) };
}

export async function exportBundle(sessionsDir: string, sessionId: string): Promise<{ path: string; bytes: number }> {
  const d = await readSessionRef(sessionId, sessionsDir);
  const path = join(d.dir, `${d.session.id}.checkup`);
  return { path, bytes: await writeBundle(d.dir, path) };
}
