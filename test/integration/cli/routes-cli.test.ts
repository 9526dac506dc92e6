// `checkup routes` and what `checkup run` says of routes, as a user runs them: the real command in a child process.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processesWith, runCli, waitFor } from '../../helpers/cli.js';
import { fixturesDir } from '../target/target-helpers.js';

const appsDir = join(fixturesDir, 'routes');

describe('checkup routes', () => {
  it('prints the table as JSON: routes with method, path and source, and the framework', async () => {
    const result = await runCli(['routes', '--json', '--', 'node', join(appsDir, 'express-app.cjs')]);
    expect(result.code, result.stderr).toBe(0);
    const doc = JSON.parse(result.stdout) as { routes: Array<{ method: string; path: string; source: string | null }>; framework: string; version: string };
    expect(doc.framework).toBe('express');
    expect(doc.routes).toContainEqual({ method: 'GET', path: '/api/orders/:orderId', source: expect.stringMatching(/express-app\.cjs:\d+$/) });
    expect(doc.routes.every((r) => Object.keys(r).join() === 'method,path,source')).toBe(true);
    expect(await waitFor(() => processesWith(join('routes', 'express-app.cjs')).length === 0, 5000)).toBe(true);
  });

  it('prints a table for people, sources relative to where the command runs', async () => {
    const result = await runCli(['routes', '--', 'node', join(appsDir, 'fastify-app.cjs')]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/fastify 5\.\d+\.\d+: 3 routes\./);
    expect(result.stdout).toMatch(/POST\s+\/v1\/things\s+test\/fixtures\/targets\/routes\/fastify-app\.cjs:\d+/);
  });

  it('reads a bundled sample app with --lab', async () => {
    const result = await runCli(['routes', '--json', '--lab', 'healthy']);
    expect(result.code, result.stderr).toBe(0);
    // The sample apps are plain http servers: nothing to list, and said so rather than made up.
    const doc = JSON.parse(result.stdout) as { routes: unknown[]; framework: string; unknown?: string };
    expect(doc).toMatchObject({ framework: 'http', routes: [], unknown: expect.stringMatching(/plain http/) });
  });

  it('says an app that never listens is one, with exit status 3', async () => {
    const result = await runCli(['routes', '--ready-timeout', '1', '--', 'node', join(fixturesDir, 'never-listens.cjs')]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('CHK_TARGET_NEVER_LISTENED');
  });

  it('refuses a command and a lab together, in the user\'s words', async () => {
    const result = await runCli(['routes', '--lab', 'healthy', '--', 'node', 'x.js']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('a sample app needs no command after --');
  });
});

describe('checkup run with a route table', () => {
  it('warns of a load path no route takes while the run goes on, and reports the routes it never hit', async () => {
    const out = mkdtempSync(join(tmpdir(), 'checkup-cli-routes-'));
    const result = await runCli(['run', '--out', out, '-d', '2', '--warmup', '0', '-c', '2', '--no-profile', '--no-heap', '--path', '/users/7', '--path', '/userz/7', '--', 'node', join(appsDir, 'express-app.cjs')]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/warning: No route of the app \(express 4[.\d]*\) takes GET \/userz\/7: expect 404s/);
    expect(result.stdout).toMatch(/Routes\s+express 4[.\d]*: 6 routes\./);
    expect(result.stdout).toMatch(/never hit by the load: GET \/, POST \/users, GET \/api\/orders\/:orderId/);
    expect(result.stdout).not.toMatch(/never hit by the load:.*GET \/users\/:id/);
  });
});
