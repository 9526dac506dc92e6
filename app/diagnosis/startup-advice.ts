// The start-up advice: each remedy with what it would save, measured rather than recited. A remedy Checkup can try
// without touching the user's code (the compile cache, through the environment) is tried and timed; one it cannot
// try says the measured cost it would remove; one it cannot ground in a measurement is left out. Pure.
import type { Spread, StartupAdvice, StartupPackage, StartupModule } from '../contract/startup.js';
import { round } from '../numbers.js';

/**
 * A package is worth deferring when its load costs at least this share of the time to ready, and this many ms: below
 * that, a lazy require moves noise around.
 */
export const LAZY_MIN_SHARE = 0.03;
export const LAZY_MIN_MS = 5;
/** Bundling is mentioned when finding and reading the dependencies' files costs at least this much. */
export const BUNDLE_MIN_MS = 5;

export interface CompileCacheTrial {
  before: Spread;
  after: Spread;
}

export interface AdviceInput {
  packages: StartupPackage[];
  modules: StartupModule[];
  /** Median time to ready of the timed starts, and of the traced start (whose figures carry the tracing's cost). */
  readyMedianMs: number;
  tracedReadyMs: number;
  /** 'exit': a CLI or a function, whose run ended at ready; 'listen': a server. */
  readyKind: 'listen' | 'exit';
  compileCache: CompileCacheTrial | { refused: string } | undefined;
}

export function startupAdvice(input: AdviceInput): StartupAdvice[] {
  const advice: StartupAdvice[] = [];
  // The traced start's times are inflated by the tracing; scale them to an untraced start.
  const scale = input.tracedReadyMs > 0 ? Math.min(1, input.readyMedianMs / input.tracedReadyMs) : 1;
  const cc = input.compileCache;
  if (cc && 'refused' in cc) {
    advice.push({ kind: 'compile-cache', measured: false, title: 'V8 compile cache (NODE_COMPILE_CACHE)', detail: 'Not tried.', refused: cc.refused });
  } else if (cc) {
    const saving = cc.before.median - cc.after.median;
    advice.push({
      kind: 'compile-cache',
      savingMs: round(saving, 1),
      measured: true,
      title: saving > 0 ? `Turn on the compile cache: ${round(saving, 1)} ms faster to ready` : 'The compile cache did not make this app start faster',
      detail: `Tried through the environment, without touching your code: NODE_COMPILE_CACHE set to a fresh folder, one start to fill it, then starts without and with it, alternating. Median time to ready ${round(cc.before.median, 1)} ms without, ${round(cc.after.median, 1)} ms with. To keep it: call module.enableCompileCache() first thing in your entry file, or set NODE_COMPILE_CACHE where the app runs.`,
      before: cc.before,
      after: cc.after,
    });
  }
  for (const p of input.packages) {
    if (!p.direct || p.calledAfterLoad === undefined || p.calledAfterLoad > 0) continue;
    const saving = p.totalMs * scale;
    if (saving < LAZY_MIN_MS || saving < LAZY_MIN_SHARE * input.readyMedianMs) continue;
    const cli = input.readyKind === 'exit';
    advice.push({
      kind: cli ? 'unused-after-start' : 'lazy-load',
      savingMs: round(saving, 1),
      measured: false,
      package: p.name,
      title: cli ? `${p.name} is loaded but never called: drop it, or require it where it is used` : `Require ${p.name} where it is first used`,
      detail: `${p.name} took ${round(p.totalMs, 1)} ms to load (${p.modules} modules; ${round(saving, 1)} ms scaled to an untraced start), and none of its functions was called ${cli ? 'before the program ended' : 'between its load and the app listening'} (V8's call counts). ${cli ? 'This run never used it.' : 'Loading it inside the route or function that needs it moves that cost to its first use.'}`,
    });
  }
  const deps = input.modules.filter((m) => m.package !== '(app)' && m.format !== 'esm');
  const findAndRead = deps.reduce((t, m) => t + m.resolveMs + m.readMs, 0) * scale;
  if (findAndRead >= BUNDLE_MIN_MS) {
    const lookups = deps.reduce((t, m) => t + (m.lookups ?? 0), 0);
    advice.push({
      kind: 'bundle',
      savingMs: round(findAndRead, 1),
      measured: false,
      title: `Bundling would remove ${round(findAndRead, 1)} ms of finding and reading files`,
      detail: `Resolving and reading the ${deps.length} dependency files took ${round(findAndRead, 1)} ms (${lookups} file lookups). A bundle (esbuild, ncc) reads one file instead; it still compiles and runs all the code it holds, so a bundle that pulls in more than the app loads today can be slower.`,
    });
  }
  return advice.sort((a, b) => (b.savingMs ?? -1) - (a.savingMs ?? -1));
}

/** Node 22.1 added NODE_COMPILE_CACHE; on older Nodes the trial is refused with that reason. */
export function compileCacheRefusal(nodeVersion: string): string | undefined {
  const [major, minor] = nodeVersion.replace(/^v/, '').split('.').map(Number) as [number, number];
  if (major > 22 || (major === 22 && minor >= 1)) return undefined;
  return `Node ${nodeVersion} has no compile cache: NODE_COMPILE_CACHE and module.enableCompileCache() came in Node 22.1. Run the app on Node 22.1 or newer to try it.`;
}
