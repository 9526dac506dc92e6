// Whether the start-up probe can leave out Node 20's asynchronous ES module hooks: only for a start that is plainly
// CommonJS; anything unsure keeps them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { commonJsOnly } = require('../../../app/probe/startup-esm.cjs') as { commonJsOnly: (script: string | undefined, flags: string[]) => string | null };

const root = mkdtempSync(join(tmpdir(), 'checkup-esm-choice-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function app(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

describe('ES module hooks on Node 20', () => {
  it('leaves them out for a CommonJS entry that imports nothing', () => {
    const dir = app('cjs', { 'package.json': '{"name":"a"}', 'server.js': "const http = require('http');\nmodule.exports = exports.x = 1;\n// import this later\n" });
    expect(commonJsOnly(join(dir, 'server.js'), [])).toMatch(/server\.js is CommonJS/);
    // Node's own argv[1] may lack the extension.
    expect(commonJsOnly(join(dir, 'server'), [])).toMatch(/server\.js is CommonJS/);
    expect(commonJsOnly(join(app('cjs-ext', { 'main.cjs': 'import("x")' }), 'main.cjs'), [])).toMatch(/main\.cjs is CommonJS/);
  });

  it('keeps them wherever ES modules may load', () => {
    const cjs = app('cjs2', { 'server.js': "require('http');\n" });
    expect(commonJsOnly(join(cjs, 'server.js'), ['--import', 'tsx'])).toBeNull();
    expect(commonJsOnly(join(cjs, 'server.js'), ['--require x --loader ts-node/esm'])).toBeNull();
    expect(commonJsOnly(join(app('mjs', { 'server.mjs': '' }), 'server.mjs'), [])).toBeNull();
    expect(commonJsOnly(join(app('typed', { 'package.json': '{"type":"module"}', 'server.js': '' }), 'server.js'), [])).toBeNull();
    expect(commonJsOnly(join(app('syntax', { 'server.js': "import http from 'http';\n" }), 'server.js'), [])).toBeNull();
    expect(commonJsOnly(join(app('exporting', { 'lib.js': 'export const x = 1;\n' }), 'lib.js'), [])).toBeNull();
    expect(commonJsOnly(join(app('dynamic', { 'server.js': "require('http');\nimport('./esm.mjs').then(() => {});\n" }), 'server.js'), [])).toBeNull();
    expect(commonJsOnly(join(root, 'absent.js'), [])).toBeNull();
    expect(commonJsOnly(undefined, [])).toBeNull();
  });
});
