// Which part of the world a stack frame belongs to: the user's app, an npm dependency, Node's own JavaScript, V8 or
// native code, or one of V8's pseudo frames (GC, idle, program). Pure string rules over the function name and URL.
import type { FrameCategory } from '../../contract/profile.js';

export interface FrameClass {
  category: FrameCategory;
  /** npm package name, for `dependency` frames only. */
  package?: string;
}

const PSEUDO = new Map<string, FrameCategory>([
  ['(garbage collector)', 'gc'],
  ['(idle)', 'idle'],
  ['(program)', 'program'],
]);

/** A path (or file:// URL) with forward slashes and percent-escapes decoded, for matching. */
function pathOf(url: string): string {
  let path = url.startsWith('file://') ? url.slice('file://'.length) : url;
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // a stray '%' in a real path: keep it as it is
    }
  }
  return path.replace(/\\/g, '/');
}

/**
 * The npm package a path belongs to: the segment after the innermost `/node_modules/` (two segments for a scoped
 * `@scope/name`). pnpm's `node_modules/.pnpm/x@1.0.0/node_modules/x/...` resolves to `x` the same way.
 */
export function packageFromPath(url: string): string | undefined {
  const path = pathOf(url);
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const parts = path.slice(at + '/node_modules/'.length).split('/');
  const first = parts[0];
  if (!first) return undefined;
  if (first.startsWith('@')) return parts[1] ? `${first}/${parts[1]}` : undefined;
  return first;
}

// Node's own JavaScript: `node:` URLs (Node 16+), and the bare relative names older Nodes used (`events.js`,
// `internal/process/next_tick.js`, `_stream_writable.js`). A user's file always has an absolute path or a URL scheme.
const OLD_NODE_CORE = /^(?:internal\/)?[\w\-./]+\.js$/;
// Browser and V8 internals that carry a pseudo URL: `native dummy.js`, `extensions::SafeBuiltins`, `v8/...`.
const ENGINE_PSEUDO_URL = /^(?:native |extensions::|v8\/)/;

const CHECKUP_PROBE = /[\\/]app[\\/]probe[\\/][\w-]+\.cjs$/;
/** How the probe's frames are labelled: a package of ours, loaded into the app for the run. */
export const PROBE_PACKAGE = 'checkup (probe)';

function isNodeCore(url: string): boolean {
  if (url.startsWith('node:')) return true;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/') || url.startsWith('\\')) return false;
  return OLD_NODE_CORE.test(url);
}

/** Category and npm package of a frame, from its function name and URL (the rules are in the house plan). */
export function classifyFrame(functionName: string, url: string): FrameClass {
  const pseudo = PSEUDO.get(functionName);
  if (pseudo) return { category: pseudo };
  // Trace viewers name GC slices in brackets, e.g. Hermes' `[GC Young Gen]`.
  if (/^\[GC\b/i.test(functionName)) return { category: 'gc' };
  if (!url) {
    // A function without a name or URL is script code run without a file (eval, new Function, an inline script).
    if (functionName === '(anonymous)' || functionName === '') return { category: 'app' };
    const wrapped = /^\(.*\)$/.test(functionName) || /^\[.*\]$/.test(functionName);
    return { category: wrapped ? 'v8' : 'native' };
  }
  if (ENGINE_PSEUDO_URL.test(url)) return { category: 'v8' };
  // Checkup's own probe runs inside the profiled app: it is code the user did not write, like a dependency's.
  if (CHECKUP_PROBE.test(url)) return { category: 'dependency', package: PROBE_PACKAGE };
  const pkg = packageFromPath(url);
  if (pkg) return { category: 'dependency', package: pkg };
  if (isNodeCore(url)) return { category: 'node-core' };
  return { category: 'app' };
}
