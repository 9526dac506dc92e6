// `checkup attach <primary pid>` into a cluster started without any flag (Node 20, 22 and 24): the primary holds the
// port, its two workers serve and block their loops in renderReport. Checkup finds the workers from the OS, opens
// each one's inspector in turn (each moved off 9229 so the next can open), probes and profiles them all, and judges
// them as a launched cluster run is judged: blocked, in a cluster worker, with the workers' function as culprit, the
// workers deciding. Afterwards every process is alive and serving, and no inspector Checkup opened is left open.
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { UnitsFile } from '../../../app/contract/units.js';
import { nodeChildrenOf } from '../../../app/attach/cluster-attach.js';
import { pidAlive } from '../../../app/target/process-tree.js';
import { runCli, waitFor } from '../../helpers/cli.js';
import { answer, NODE20, NODE22, NODE24, ports, startApp, type RunningApp } from './running-app.js';

const clusterApp = `const cluster = require('node:cluster');
const http = require('node:http');
function renderReport() { const end = Date.now() + 20; let n = 0; while (Date.now() < end) n += Math.sqrt(n + 1); return String(n); }
if (cluster.isPrimary) {
  for (let i = 0; i < 2; i++) cluster.fork();
} else {
  http.createServer(function handleReport(req, res) { res.end(renderReport()); }).listen(0, '127.0.0.1', function () { console.log('listening ' + this.address().port); });
}
`;

let running: Array<{ app: RunningApp; workers: number[] }> = [];
afterEach(async () => {
  for (const { app, workers } of running) {
    await app.stop();
    for (const w of workers) if (pidAlive(w)) process.kill(w, 'SIGKILL');
  }
  running = [];
});

interface AttachDoc {
  session: string;
  status: string;
  target: { attached?: boolean; pid?: number; port?: number };
  diagnosis: { verdict: string; findings: Array<{ explanation: string; culprits?: Array<{ functionName: string; url: string }> }> };
}

describe('checkup attach into a cluster', () => {
  for (const [label, node] of [['Node 20', NODE20], ['Node 22', NODE22], ['Node 24', NODE24]] as const) {
    it(`judges the workers of a cluster started without flags on ${label}, then leaves all of it serving`, async () => {
      const app = await startApp(clusterApp, { node });
      expect(await waitFor(() => nodeChildrenOf(app.pid).length === 2 && (app.output().match(/listening/g) ?? []).length === 2, 10_000)).toBe(true);
      const workers = nodeChildrenOf(app.pid);
      running.push({ app, workers });

      const out = mkdtempSync(join(tmpdir(), 'checkup-attach-cluster-'));
      const r = await runCli(['attach', String(app.pid), '--json', '--out', out, '-d', '3', '--warmup', '1', '-c', '8', '--no-heap']);
      expect(r.code, r.stderr + r.stdout).toBe(0);
      const doc = JSON.parse(r.stdout) as AttachDoc;
      expect(doc.status).toBe('complete');
      expect(doc.target).toMatchObject({ attached: true, pid: app.pid, port: app.port });
      const lead = doc.diagnosis.findings[0]!;
      expect(doc.diagnosis.verdict, lead.explanation).toBe('event-loop-blocked');
      expect(lead.explanation).toMatch(/^In cluster worker \d+/);
      expect(lead.culprits?.[0]).toMatchObject({ functionName: expect.stringMatching(/^(renderReport|handleReport)$/), url: expect.stringContaining(app.file.split('/').pop()!) });

      const units = JSON.parse(readFileSync(join(doc.session, 'units.json'), 'utf8')) as UnitsFile;
      const unitWorkers = units.units.filter((u) => u.role === 'cluster-worker');
      expect(unitWorkers.map((u) => u.pid).sort((a, b) => a - b)).toEqual(workers);
      const primary = units.units.find((u) => u.pid === app.pid)!;
      expect(primary.main).toBe(true);
      for (const w of unitWorkers) expect(w.parentId).toBe(primary.id);
      expect(units.decidedBy.length).toBeGreaterThan(0);
      expect(units.decidedBy.every((id) => unitWorkers.some((w) => w.id === id))).toBe(true);
      expect(unitWorkers.reduce((n, w) => n + (w.requests ?? 0), 0)).toBeGreaterThan(0);
      for (const w of unitWorkers.filter((x) => (x.requests ?? 0) > 0)) expect(w.cpuProfile).toBeDefined();

      // Left as it was: every process alive, the app serving, no inspector left open in any of them.
      for (const pid of [app.pid, ...workers]) expect(pidAlive(pid), `process ${pid} ended; the app printed:\n${app.output()}\nattach printed:\n${r.stderr}`).toBe(true);
      expect((await answer(app.port)).status).toBe(200);
      expect(ports(app.pid)).toEqual([app.port]);
      for (const w of workers) expect(ports(w).filter((p) => p !== app.port), `worker ${w} kept a port open`).toEqual([]);
      // And attachable again: nothing of the first attach is in the way.
      const again = await runCli(['attach', String(app.pid), '--json', '--out', out, '-d', '1', '--warmup', '0', '-c', '2', '--no-heap', '--no-profile']);
      expect(again.code, again.stderr).toBe(0);
      expect(ports(app.pid)).toEqual([app.port]);
    }, 120_000);
  }
});
