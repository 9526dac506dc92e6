// From the traced start's records to the module tree: every module with its self and inclusive time, the packages
// they belong to, and the heaviest path from the entry down. Pure.
//
// Inclusive time (totalMs) of a CommonJS module is measured: the wall time of its Module._load, children included. An
// ES module's is built: its own resolution, load and execution plus the inclusive time of the modules it imported
// first (ES modules are resolved and loaded before any of them runs, so no single span holds a subtree).
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StartupModule, StartupPackage } from '../contract/startup.js';
import type { ProbeRecord } from './probe-record.js';

const APP_PACKAGE = '(app)';

interface Node extends Omit<StartupModule, 'parent'> {
  parentFile?: string;
  children: Node[];
  /** The package of the module that loaded it, to tell a package's outermost loads. */
  startAt: number;
}

function moduleId(file: string, pkg: string | null, project: string): string {
  if (!pkg) return relative(project, file).replace(/\\/g, '/') || file;
  const norm = file.replace(/\\/g, '/');
  const marker = `/node_modules/${pkg}/`;
  const at = norm.lastIndexOf(marker);
  return at >= 0 ? `${pkg}/${norm.slice(at + marker.length)}` : `${pkg}/${norm}`;
}

function toFile(urlOrPath: string): string {
  if (!urlOrPath.startsWith('file:')) return urlOrPath;
  try {
    return fileURLToPath(urlOrPath);
  } catch {
    return urlOrPath;
  }
}

export interface ModuleTree {
  modules: StartupModule[];
  packages: StartupPackage[];
  heaviestPath: string[];
}

/** `usage`: the usage start's calls after load, per package (absent: not measured). */
export function buildModuleTree(record: ProbeRecord, project: string, usage?: ProbeRecord['usage']): ModuleTree {
  const nodes = new Map<string, Node>();
  const ids = new Set<string>();
  const uniqueId = (id: string) => {
    let out = id;
    for (let n = 2; ids.has(out); n++) out = `${id} (${n})`;
    ids.add(out);
    return out;
  };
  for (const m of record.modules ?? []) {
    if (nodes.has(m.file)) continue;
    nodes.set(m.file, {
      id: uniqueId(moduleId(m.file, m.package, project)),
      file: m.file,
      package: m.package ?? APP_PACKAGE,
      format: m.format,
      ...(m.parent ? { parentFile: m.parent } : {}),
      resolveMs: m.resolveMs,
      lookups: m.lookups,
      readMs: m.readMs,
      ...(m.format === 'cjs' ? { compileMs: m.compileMs } : {}),
      execMs: m.execMs,
      selfMs: 0,
      totalMs: m.totalMs,
      children: [],
      startAt: m.startAt,
    });
  }
  const esm: Node[] = [];
  for (const m of record.esmModules ?? []) {
    const file = toFile(m.url);
    if (nodes.has(file)) continue;
    const node: Node = {
      id: uniqueId(moduleId(file, m.package, project)),
      file,
      package: m.package ?? APP_PACKAGE,
      format: 'esm',
      ...(m.parent ? { parentFile: toFile(m.parent) } : {}),
      resolveMs: m.resolveMs,
      readMs: m.loadMs,
      execMs: m.execMs,
      selfMs: m.resolveMs + m.loadMs + m.execMs,
      totalMs: 0,
      children: [],
      startAt: m.execStartAt,
    };
    nodes.set(file, node);
    esm.push(node);
  }
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentFile ? nodes.get(node.parentFile) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  // ES modules: inclusive = own + first-imported children's inclusive (post-order over the tree).
  const done = new Set<Node>();
  const esmTotal = (node: Node, path: Set<Node>): number => {
    if (node.format !== 'esm' || done.has(node)) return node.totalMs;
    if (path.has(node)) return 0; // a cycle in first-importer links cannot happen, but a bad record must not loop
    path.add(node);
    node.totalMs = node.selfMs + node.children.reduce((t, c) => t + esmTotal(c, path), 0);
    path.delete(node);
    done.add(node);
    return node.totalMs;
  };
  for (const node of esm) esmTotal(node, new Set());
  // CommonJS (and what it loads): self = inclusive less the modules loaded inside it.
  for (const node of nodes.values()) {
    if (node.format === 'esm') continue;
    node.selfMs = Math.max(0, node.totalMs - node.children.reduce((t, c) => t + c.totalMs, 0));
  }

  const modules: StartupModule[] = [...nodes.values()]
    .map((n) => {
      const parent = n.parentFile ? nodes.get(n.parentFile) : undefined;
      const { children: _c, parentFile: _p, startAt: _s, ...rest } = n;
      return { ...rest, ...(parent ? { parent: parent.id } : {}) };
    })
    .sort((a, b) => b.totalMs - a.totalMs);

  const byPackage = new Map<string, StartupPackage>();
  for (const n of nodes.values()) {
    if (n.package === APP_PACKAGE) continue;
    const p = byPackage.get(n.package) ?? { name: n.package, totalMs: 0, selfMs: 0, modules: 0, direct: false };
    p.modules++;
    p.selfMs += n.selfMs;
    const parent = n.parentFile ? nodes.get(n.parentFile) : undefined;
    if (!parent || parent.package !== n.package) {
      // An outermost load of the package: what a require of it cost its caller.
      p.totalMs += n.totalMs;
      if (!parent || parent.package === APP_PACKAGE) p.direct = true;
    }
    byPackage.set(n.package, p);
  }
  const calls = usage?.packages;
  const packages = [...byPackage.values()]
    .map((p) => (calls ? { ...p, calledAfterLoad: calls[p.name]?.calledAfterLoad ?? 0 } : p))
    .sort((a, b) => b.totalMs - a.totalMs);

  const heaviestPath: string[] = [];
  let at = [...roots].sort((a, b) => b.totalMs - a.totalMs)[0];
  while (at) {
    heaviestPath.push(at.id);
    at = [...at.children].sort((a, b) => b.totalMs - a.totalMs)[0];
  }
  return { modules, packages, heaviestPath };
}
