// The traced start must not change what a real dependency tree does: widely used npm packages (installed from the
// registry into test/fixtures/startup-compat), all loaded by one CommonJS entry, one ES module entry and one
// TypeScript entry under tsx's own loader hooks, on Node 20, 22 and 24, started plainly and traced: the same exit
// code, the same output, and a module tree holding every package. Then the CommonJS loader's corner cases, and
// `checkup startup` end to end on the two smallest apps that broke it (lodash's modular files; Sequelize).
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildModuleTree } from '../../../app/startup/module-tree.js';
import { runCli } from '../../helpers/cli.js';
import { NODE20, NODE22, NODE24 } from '../../helpers/node-binaries.js';
import { compatDir, ensureCompatFixture, runScript } from '../../helpers/startup-compat.js';

const PACKAGES = ['lodash', 'sequelize', 'typeorm', 'mongoose', 'knex', 'pg', 'mysql2', 'ioredis', 'express', 'fastify', 'koa', '@nestjs/core', 'reflect-metadata', 'moment', 'dayjs', 'axios', 'winston', 'pino', 'ajv', 'joi', 'zod', 'jsonwebtoken', 'bcryptjs', 'uuid', 'yargs', 'commander', 'dotenv'];
const NODES = [
  ['20', NODE20],
  ['22', NODE22],
  ['24', NODE24],
] as const;

beforeAll(() => ensureCompatFixture(), 600_000);

describe('the traced start on a real dependency tree', () => {
  it.each(NODES.flatMap(([v, node]) => [[v, 'entry.cjs', node], [v, 'entry.mjs', node]] as const))('Node %s, %s: same exit code and output, every package in the tree', async (_v, entry, node) => {
    const plain = await runScript(node, [entry], false);
    const traced = await runScript(node, [entry], true);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout.split('\n').filter(Boolean)).toHaveLength(PACKAGES.length);
    expect(plain.stdout).not.toMatch(/threw/);
    expect(traced.code, traced.stderr).toBe(plain.code);
    expect(traced.stdout).toBe(plain.stdout);
    expect(traced.stderr).toBe(plain.stderr);
    const record = traced.record!;
    expect(record.traceError).toBeUndefined();
    const tree = buildModuleTree(record, compatDir);
    const names = new Set(tree.packages.map((p) => p.name));
    for (const name of PACKAGES) expect(names, name).toContain(name);
    expect(tree.modules.length).toBeGreaterThan(2000);
    // lodash's modular files and its whole build are both in the tree, each run (not only compiled).
    for (const id of ['lodash/isEqual.js', 'lodash/_baseGetTag.js', 'lodash/lodash.js']) expect(tree.modules.find((m) => m.id === id)?.execMs, id).toBeGreaterThan(0);
  });

  it.each(NODES)('Node %s: a TypeScript entry under tsx chains with its hooks', async (_v, node) => {
    const args = ['--import', 'tsx', 'entry-ts.mts'];
    const plain = await runScript(node, args, false);
    const traced = await runScript(node, args, true);
    expect(plain.code, plain.stderr).toBe(0);
    expect(traced.code, traced.stderr).toBe(0);
    // The last line is a stack frame of the entry: its line and column are the same traced.
    expect(plain.stdout).toMatch(/stack: entry-ts\.mts:\d+:\d+/);
    expect(traced.stdout).toBe(plain.stdout);
    const tree = buildModuleTree(traced.record!, compatDir);
    for (const name of ['lodash', 'sequelize', 'express', 'zod']) expect(tree.packages.map((p) => p.name)).toContain(name);
    expect(tree.modules.map((m) => m.id)).toContain('entry-ts.mts');
  });

  it.each(NODES)('Node %s: circular requires, require.cache, module.children, require.resolve paths, JSON, a .node addon', async (_v, node) => {
    const plain = await runScript(node, ['module-semantics.cjs'], false);
    const traced = await runScript(node, ['module-semantics.cjs'], true);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toContain('addon: function true');
    expect(traced.code, traced.stderr).toBe(0);
    expect(traced.stdout).toBe(plain.stdout);
    expect(traced.stderr).toBe(plain.stderr);
    const files = traced.record!.modules!.map((m) => m.file);
    expect(files.filter((f) => f.endsWith('count.js'))).toHaveLength(2);
    expect(files.some((f) => f.endsWith('.node'))).toBe(true);
  });
});

describe('checkup startup on the smallest apps that broke it', () => {
  it.each(NODES.flatMap(([v, node]) => [[v, 'lodash-server.js', node, 'lodash'], [v, 'sequelize-server.js', node, 'sequelize']] as const))('Node %s, %s: --runs 3 completes with a module tree', async (_v, app, node, pkg) => {
    const r = await runCli(['startup', '--json', '--runs', '3', '--no-compile-cache', '--timeout', '60', '--node', node, '--cwd', join(compatDir, 'apps'), '--', 'node', app]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { runs: number; packages: Array<{ name: string }>; starts: Array<{ purpose: string }>; traceFailure?: unknown };
    expect(doc.traceFailure).toBeUndefined();
    expect(doc.runs).toBe(3);
    expect(doc.starts.map((s) => s.purpose)).toEqual(['timed', 'timed', 'timed', 'traced', 'usage', 'profiled']);
    expect(doc.packages.map((p) => p.name)).toContain(pkg);
  });

  it('counts its starts from the first one: Node 20 refuses the compile-cache trial, so 3 runs make 6 starts', async () => {
    const r = await runCli(['startup', '--runs', '3', '--timeout', '60', '--node', NODE20, '--cwd', join(compatDir, 'apps'), '--', 'node', 'lodash-server.js']);
    expect(r.code, r.stderr).toBe(0);
    const steps = [...r.stderr.matchAll(/start (\d+) of (\d+) \(([a-z-]+)\)/g)].map((m) => [Number(m[1]), Number(m[2]), m[3]]);
    expect(steps.map(([at]) => at)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(steps.map(([, of]) => of))).toEqual(new Set([6]));
    expect(steps[3]![2]).toBe('traced');
  });

  it('reports the timed starts and names the module a failing traced start failed in', async () => {
    const r = await runCli(['startup', '--json', '--runs', '2', '--no-compile-cache', '--timeout', '60', '--cwd', join(compatDir, 'apps'), '--', 'node', 'fragile-server.js']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { runs: number; readyMs: { median: number }; modules: unknown[]; starts: Array<{ purpose: string }>; traceFailure: { code: string; module: string; reason: string; message: string } };
    expect(doc.runs).toBe(2);
    expect(doc.readyMs.median).toBeGreaterThan(0);
    expect(doc.traceFailure.code).toBe('CHK_STARTUP_TRACE_FAILED');
    expect(doc.traceFailure.module).toBe(join(compatDir, 'apps', 'fragile-module.js'));
    expect(doc.traceFailure.reason).toBe('TypeError: fragile: cannot run under a traced require');
    expect(doc.traceFailure.message).toContain('fragile-module.js');
    expect(doc.modules).toEqual([]);
    expect(doc.starts.map((s) => s.purpose)).toEqual(['timed', 'timed', 'profiled']);
  });

  it('a failing traced start: the usage start, planned but passed over, keeps its number, so the counts add up', async () => {
    const r = await runCli(['startup', '--runs', '1', '--no-compile-cache', '--timeout', '60', '--cwd', join(compatDir, 'apps'), '--', 'node', 'fragile-server.js']);
    expect(r.code, r.stderr).toBe(0);
    const steps = [...r.stderr.matchAll(/start (\d+) of (\d+) \(([a-z-]+)\)( skipped)?/g)].map((m) => `${m[1]}/${m[2]} ${m[3]}${m[4] ?? ''}`);
    expect(steps).toEqual(['1/4 timed', '2/4 traced', '3/4 usage skipped', '4/4 profiled']);
  });
});
