// A student's copy runs outside Checkup's folder and still finds the npm packages its lab declares: the run's recipe
// gives it NODE_PATH to Checkup's own node_modules (issue 13). Here a course with a lab that needs express is
// imported, started into a workspace under the temporary folder, and its slow.js launched with the recipe's
// environment, as a run would launch it: it must answer through express.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../app/engine/engine.js';

const base = mkdtempSync(join(tmpdir(), 'checkup-workspace-run-'));
const engine = new Engine({ sessionsDir: join(base, 'sessions'), dataDir: join(base, 'data'), workshopDir: join(base, 'workshop') });
afterAll(() => rmSync(base, { recursive: true, force: true }));

const EXPRESS_APP = `'use strict';
const express = require('express');
const app = express();
app.get('/health', (req, res) => res.json({ ok: true, via: 'express' }));
const server = app.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => console.log('listening ' + server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

describe('a run of the student\'s copy', () => {
  it('resolves the lab\'s npm dependencies from Checkup\'s node_modules', { timeout: 30_000 }, async () => {
    const file = join(base, 'course.json');
    await engine.exportCourse({ course: 'node-performance', path: file });
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { course: { id: string; labs: string[] }; labs: Record<string, Record<string, string>> };
    doc.course = { ...doc.course, id: 'express-room', labs: ['healthy'] };
    const healthy = doc.labs.healthy!;
    const lab = JSON.parse(healthy['lab.json']!) as Record<string, unknown>;
    healthy['lab.json'] = JSON.stringify({ ...lab, course: 'express-room', dependencies: ['express'] });
    healthy['slow.js'] = EXPRESS_APP;
    doc.labs = { healthy };
    writeFileSync(file, JSON.stringify(doc));
    await engine.importCourse({ path: file });

    const { dir } = await engine.startLab({ course: 'express-room', lab: 'healthy' });
    expect(dir.startsWith(join(base, 'workshop'))).toBe(true);
    const { recipe } = await engine.getLabCourse({ course: 'express-room', lab: 'healthy' });
    const target = recipe.target as { script: string; cwd: string; env: Record<string, string> };
    expect(target.env.NODE_PATH).toBeTruthy();

    const child = spawn(process.execPath, [target.script], { cwd: target.cwd, env: { ...process.env, ...target.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let err = '';
        child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
        child.stdout!.on('data', (d: Buffer) => {
          const m = /listening (\d+)/.exec(d.toString());
          if (m) resolve(Number(m[1]));
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
      });
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      expect(await res.json()).toEqual({ ok: true, via: 'express' });
    } finally {
      const exited = new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
