// Compiled TypeScript without source maps: the tsconfig reader (outDir/rootDir, `extends` within the project,
// comments and trailing commas) and the name scanner, on TypeScript compiled by the real tsc (transpileModule, the
// same emitter `tsc` runs) without a map.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { scanFunctions } from '../../../app/profile/source-maps/function-scanner.js';
import { NameMap } from '../../../app/profile/source-maps/name-map.js';
import { findTsSource, parseJsonc, readTsConfigDirs } from '../../../app/profile/source-maps/ts-source.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'checkup-name-map-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

function compile(source: string, target = ts.ScriptTarget.ES2022): string {
  return ts.transpileModule(source, { compilerOptions: { target, module: ts.ModuleKind.CommonJS, sourceMap: false } }).outputText;
}

/** 1-based line of the first line containing `text`. */
function lineOf(text: string, needle: string): number {
  const i = text.split('\n').findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`${needle} not found`);
  return i + 1;
}

describe('tsconfig reader', () => {
  it('reads comments and trailing commas as tsc does', () => {
    expect(parseJsonc('{\n // a comment\n "a": "http://x/*y*/", /* block */ "b": [1, 2,],\n}')).toEqual({ a: 'http://x/*y*/', b: [1, 2] });
  });

  it('follows extends within the project, each folder relative to the config that sets it', () => {
    const dir = project({
      'configs/base.json': '{ "compilerOptions": { "outDir": "../build/out", "strict": true, }, }',
      'tsconfig.json': '{ "extends": "./configs/base", "compilerOptions": { "rootDir": "./source" } }',
    });
    expect(readTsConfigDirs(join(dir, 'tsconfig.json'))).toEqual({ file: join(dir, 'tsconfig.json'), outDir: join(dir, 'build', 'out'), rootDir: join(dir, 'source') });
  });

  it('does not follow extends into a package, nor round a loop', () => {
    const dir = project({
      'node_modules/@tsconfig/x/tsconfig.json': '{ "compilerOptions": { "outDir": "elsewhere" } }',
      'tsconfig.json': '{ "extends": "../node_modules/@tsconfig/x/tsconfig.json" }',
      'a/tsconfig.json': '{ "extends": "./b.json" }',
      'a/b.json': '{ "extends": "./tsconfig.json" }',
    });
    expect(readTsConfigDirs(join(dir, 'tsconfig.json'))?.outDir).toBeUndefined();
    expect(readTsConfigDirs(join(dir, 'a', 'tsconfig.json'))).toEqual({ file: join(dir, 'a', 'tsconfig.json') });
  });

  it('maps outDir to rootDir, .mjs to .mts; without a tsconfig, dist/ to src/ only when the .ts is there', () => {
    const dir = project({
      'tsconfig.json': '{ "compilerOptions": { "outDir": "dist", "rootDir": "src" } }',
      'src/user/user.service.ts': 'export class UserService {}',
      'src/esm.mts': 'export const a = 1;',
    });
    expect(findTsSource(join(dir, 'dist', 'user', 'user.service.js'))).toEqual({ ts: join(dir, 'src', 'user', 'user.service.ts'), out: 'dist', src: 'src' });
    expect(findTsSource(join(dir, 'dist', 'esm.mjs'))?.ts).toBe(join(dir, 'src', 'esm.mts'));
    expect(findTsSource(join(dir, 'dist', 'gone.js'))).toEqual({ out: 'dist', src: 'src' });

    const bare = project({ 'tsconfig.json': '{ "compilerOptions": { "checkJs": true, "noEmit": true } }', 'src/a.ts': 'export const a = 1;', 'lib/a.js': '', 'lib/b.js': '' });
    expect(findTsSource(join(bare, 'lib', 'a.js'))?.ts).toBe(join(bare, 'src', 'a.ts'));
    // Nothing says lib/b.js was ever TypeScript (the tsconfig only type-checks): no source, no warning.
    expect(findTsSource(join(bare, 'lib', 'b.js'))).toBeUndefined();
  });
});

const SERVICE = `import type { Repo } from './repo';

interface User { id: number; name: string }

/** The users. */
export class UserService {
  constructor(private readonly repo: Repo) {}

  async findAll(limit: number): Promise<User[]> {
    const rows = await this.repo.all();

    const users: User[] = rows.map((r) => ({ id: r.id, name: String(r.name) }));
    return users.slice(0, limit);
  }

  public static get kind(): string {
    return 'user';
  }

  private rank = (users: User[]): User[] => {
    const copy = [...users];

    copy.sort((a, b) => a.name.localeCompare(b.name));
    return copy;
  };

  parse(input: string): number;
  parse(input: number): number;
  parse(input: string | number): number {
    return typeof input === 'number' ? input : Number.parseInt(input, 10);
  }
}

export function helper(): number {
  return 1;
}

export const other = {
  helper(): number {
    return 2;
  },
};
`;

describe('name scanner', () => {
  const js = compile(SERVICE);
  const map = new NameMap(js, SERVICE);

  it('finds methods (async, static get, overloaded), arrow fields and functions in the .ts', () => {
    const names = scanFunctions(SERVICE).map((f) => `${f.name}:${f.line}`);
    expect(names).toEqual(
      expect.arrayContaining([`findAll:${lineOf(SERVICE, 'async findAll(')}`, `kind:${lineOf(SERVICE, 'get kind()')}`, `rank:${lineOf(SERVICE, 'private rank =')}`, `parse:${lineOf(SERVICE, 'parse(input: string | number)')}`]),
    );
    // The overload signatures have no body: one parse.
    expect(names.filter((n) => n.startsWith('parse:'))).toHaveLength(1);
  });

  it('places a method at its .ts line, and a line inside it at the same line when the bodies match', () => {
    expect(map.original(lineOf(js, 'async findAll('))).toEqual({ line: lineOf(SERVICE, 'async findAll('), column: 9 });
    // tsc dropped the blank line: the code lines still pair one for one.
    expect(map.original(lineOf(js, 'return users.slice'))?.line).toBe(lineOf(SERVICE, 'return users.slice'));
    expect(map.original(lineOf(js, 'copy.sort('))?.line).toBe(lineOf(SERVICE, 'copy.sort('));
    expect(map.original(lineOf(js, 'Number.parseInt'))?.line).toBe(lineOf(SERVICE, 'Number.parseInt'));
  });

  it('takes the function line when the bodies differ in shape (an older target rewrites async)', () => {
    const es2015 = compile(SERVICE, ts.ScriptTarget.ES2015);
    const old = new NameMap(es2015, SERVICE);
    expect(es2015).toContain('__awaiter');
    expect(old.original(lineOf(es2015, 'return users.slice'))?.line).toBe(lineOf(SERVICE, 'async findAll('));
  });

  it('keeps the .js place for a name used twice (a function and an object method) or not found', () => {
    expect(map.original(lineOf(js, 'function helper('))).toBeUndefined();
    expect(map.original(lineOf(js, 'return 2;'))).toBeUndefined();
    const renamed = new NameMap(js, SERVICE.replace('async findAll(', 'async findEvery('));
    expect(renamed.original(lineOf(js, 'async findAll('))).toBeUndefined();
  });

  it('places a module-level callback by its line, when the same code stands once in each file', () => {
    const server = `import express from 'express';\nconst port: number = 0;\nconst app = express();\n\napp.get('/users', async (req, res) => {\n  res.end('ok');\n});\napp.listen(port);\n`;
    const out = compile(server);
    expect(new NameMap(out, server).original(lineOf(out, "app.get('/users'"))?.line).toBe(lineOf(server, "app.get('/users'"));
    // `const port: number = 0` loses its type: its text differs, it stays.
    expect(new NameMap(out, server).original(lineOf(out, 'const port'))).toBeUndefined();
  });

  it('reads return types with type arguments, object types and function types as types, not as the end of a signature', () => {
    const text = [
      'export function matrix(rules: string, peak: boolean): Map<string, number> {',
      '  return new Map();',
      '}',
      'async function load(): Promise<{ a: number; b: string }> {',
      '  return { a: 1, b: "" };',
      '}',
      'function later(): (x: number, y: number) => void {',
      '  return () => undefined;',
      '}',
      'function pair(): Record<string, Array<[number, number]>> {',
      '  return {};',
      '}',
      'declare function sig(a: number): Map<string, number>;',
      '',
    ].join('\n');
    expect(scanFunctions(text).map((f) => `${f.name}:${f.line}-${f.end}`)).toEqual(['matrix:1-3', 'load:4-6', 'later:7-9', 'pair:10-12']);
  });

  it('is not fooled by braces in strings, templates, comments and regular expressions', () => {
    const text = 'function a() {\n  const s = "}" + `${"{"}}` + /}/.source; // }\n  /* { */ return s;\n}\nfunction b() {\n  return 1;\n}\n';
    expect(scanFunctions(text)).toEqual([
      { name: 'a', line: 1, bodyStart: 1, end: 4 },
      { name: 'b', line: 5, bodyStart: 5, end: 7 },
    ]);
  });
});
