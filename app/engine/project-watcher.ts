// Watches a project's source folders for changes, for watch mode. node_modules, .git and hidden folders are skipped:
// on Linux each watched folder costs an inotify watch, and a project's node_modules can hold thousands. Changes are
// debounced: an editor's save (often a write, a rename and a chmod) or a `git checkout` arrives as one event.
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join, relative } from 'node:path';

const SKIP = new Set(['node_modules', '.git', 'dist', 'out', 'coverage', '.next', '.cache']);
const IGNORED_FILE = /(^|[\\/])(\.[^\\/]*|.*~|.*\.(log|tmp|swp))$/;
/** Folders watched at most; beyond that, deeper folders are not watched (and the caller is told). */
const MAX_FOLDERS = 2000;
const DEBOUNCE_MS = 800;

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export class ProjectWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  truncated = false;

  constructor(
    readonly dir: string,
    private readonly onChange: (files: string[]) => void,
    private readonly ignoreDirs: string[] = [],
  ) {
    this.scan(dir);
  }

  private skipped(path: string): boolean {
    return this.ignoreDirs.some((d) => path === d || path.startsWith(d + '/') || path.startsWith(d + '\\'));
  }

  private scan(dir: string): void {
    if (this.closed || this.watchers.has(dir) || this.skipped(dir)) return;
    if (this.watchers.size >= MAX_FOLDERS) {
      this.truncated = true;
      return;
    }
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (_event, name) => this.changed(dir, name?.toString()));
    } catch {
      return;
    }
    watcher.on('error', () => this.unwatch(dir));
    this.watchers.set(dir, watcher);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) if (e.isDirectory() && !SKIP.has(e.name) && !e.name.startsWith('.')) this.scan(join(dir, e.name));
  }

  private unwatch(dir: string): void {
    this.watchers.get(dir)?.close();
    this.watchers.delete(dir);
  }

  private changed(dir: string, name: string | undefined): void {
    if (!name || IGNORED_FILE.test(name) || SKIP.has(name)) return;
    const path = join(dir, name);
    if (this.skipped(path)) return;
    this.pending.add(relative(this.dir, path));
    // A new folder gets watched too.
    if (isFolder(path) && !SKIP.has(name) && !name.startsWith('.')) this.scan(path);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const files = [...this.pending];
      this.pending = new Set();
      if (!this.closed && files.length) this.onChange(files);
    }, DEBOUNCE_MS);
    this.timer.unref();
  }

  get folders(): number {
    return this.watchers.size;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const dir of [...this.watchers.keys()]) this.unwatch(dir);
  }
}
