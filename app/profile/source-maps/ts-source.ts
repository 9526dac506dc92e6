// Where the TypeScript source of a compiled .js file without a source map is: the nearest tsconfig.json above it
// says where tsc wrote (`outDir`) and from where (`rootDir`), so `<outDir>/x/y.js` came from `<rootDir>/x/y.ts`.
// Without a tsconfig that covers the file, the common layouts (dist/, lib/, build/ beside src/) are taken, and only
// when the .ts is really there.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

export interface TsConfigDirs {
  /** The tsconfig.json read (the nearest one; its `extends` followed within the project). */
  file: string;
  outDir?: string;
  rootDir?: string;
}

export interface TsSource {
  /** The .ts file, when one was found. */
  ts?: string;
  /** The folder tsc wrote into and the one it read, relative to the project ("dist", "src"), for the user's words. */
  out: string;
  src: string;
}

/** Largest tsconfig read: real ones are a few KB. */
const MAX_CONFIG_BYTES = 256 * 1024;
/** `extends` chains longer than this are a loop or not a project's own. */
const MAX_EXTENDS = 8;
const LAYOUT_DIRS = new Set(['dist', 'lib', 'build', 'out']);

/** JSON as tsc reads tsconfig.json: with // and /* comments and trailing commas. */
export function parseJsonc(text: string): unknown {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else {
      out += c;
      i++;
    }
  }
  // Trailing commas: outside strings now only, since strings were copied whole.
  return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1')) as unknown;
}

function readConfig(file: string): { compilerOptions?: Record<string, unknown>; extends?: unknown } | undefined {
  try {
    if (statSync(file).size > MAX_CONFIG_BYTES) return undefined;
    const doc = parseJsonc(readFileSync(file, 'utf8'));
    return typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as ReturnType<typeof readConfig>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * outDir and rootDir of the tsconfig at `file`, each resolved against the config that sets it. `extends` is followed
 * only to files of the project (a relative path outside node_modules): a shared base from a package sets compiler
 * flags, not where this project's files are.
 */
export function readTsConfigDirs(file: string): TsConfigDirs | undefined {
  const dirs: TsConfigDirs = { file };
  let current: string | undefined = file;
  const seen = new Set<string>();
  for (let depth = 0; current && depth < MAX_EXTENDS && !seen.has(current); depth++) {
    seen.add(current);
    const config = readConfig(current);
    if (!config) return depth === 0 ? undefined : dirs;
    const options = config.compilerOptions ?? {};
    const here = dirname(current);
    if (dirs.outDir === undefined && typeof options.outDir === 'string') dirs.outDir = resolve(here, options.outDir);
    if (dirs.rootDir === undefined && typeof options.rootDir === 'string') dirs.rootDir = resolve(here, options.rootDir);
    const base = Array.isArray(config.extends) ? config.extends[config.extends.length - 1] : config.extends;
    current = undefined;
    if (typeof base === 'string' && (base.startsWith('./') || base.startsWith('../'))) {
      const next = resolve(here, base.endsWith('.json') ? base : `${base}.json`);
      if (!next.split(sep).includes('node_modules') && existsSync(next)) current = next;
    }
  }
  return dirs;
}

/** The nearest tsconfig.json in `dir` or above it. */
export function nearestTsConfig(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    if (basename(d) === 'node_modules') return undefined;
    const candidate = join(d, 'tsconfig.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(d) === d) return undefined;
  }
}

function inside(parent: string, child: string): string | undefined {
  const rel = relative(parent, child);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : undefined;
}

/** The TypeScript files a compiled file may have come from, in the order tried. */
function tsNames(relJs: string): string[] {
  const stem = relJs.replace(/\.[cm]?js$/, '');
  if (relJs.endsWith('.mjs')) return [`${stem}.mts`];
  if (relJs.endsWith('.cjs')) return [`${stem}.cts`];
  return [`${stem}.ts`, `${stem}.tsx`];
}

function firstFile(candidates: string[]): string | undefined {
  return candidates.find((f) => {
    try {
      return statSync(f).isFile();
    } catch {
      return false;
    }
  });
}

/**
 * Where the TypeScript source of the compiled `jsPath` is; undefined when nothing says it was compiled from TypeScript.
 * `configs` keeps the tsconfigs read for the scripts of one run (most share one), by file.
 */
export function findTsSource(jsPath: string, configs = new Map<string, TsConfigDirs | undefined>()): TsSource | undefined {
  if (!/\.[cm]?js$/.test(jsPath)) return undefined;
  const configFile = nearestTsConfig(dirname(jsPath));
  if (configFile && !configs.has(configFile)) configs.set(configFile, readTsConfigDirs(configFile));
  const config = configFile ? configs.get(configFile) : undefined;
  if (config?.outDir) {
    const relJs = inside(config.outDir, jsPath);
    if (relJs) {
      const project = dirname(config.file);
      // Without rootDir tsc takes the common folder of its inputs: src/ in most projects, else the project itself.
      const roots = config.rootDir ? [config.rootDir] : [join(project, 'src'), project];
      const ts = firstFile(roots.flatMap((root) => tsNames(relJs).map((name) => join(root, name))));
      const src = ts ? roots.find((r) => inside(r, ts))! : roots[0]!;
      return { ...(ts ? { ts } : {}), out: relative(project, config.outDir) || '.', src: relative(project, src) || '.' };
    }
  }
  // The common layouts: <project>/dist/x/y.js from <project>/src/x/y.ts, for a project built without a tsconfig
  // outDir that covers it (a build script's own flags).
  for (let d = dirname(jsPath); dirname(d) !== d; d = dirname(d)) {
    if (basename(d) === 'node_modules') return undefined;
    if (!LAYOUT_DIRS.has(basename(d))) continue;
    const relJs = inside(d, jsPath)!;
    const srcDir = join(dirname(d), 'src');
    const ts = firstFile(tsNames(relJs).map((name) => join(srcDir, name)));
    // Without the .ts nothing here says TypeScript: a JavaScript project's lib/ (and a tsconfig that only
    // type-checks it) is left alone, without a warning.
    if (ts) return { ts, out: basename(d), src: 'src' };
  }
  return undefined;
}
