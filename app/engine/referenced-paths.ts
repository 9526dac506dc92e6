// What the engine may hand to the operating system (openInEditor, revealPath): only what a session refers to. A
// page, or a bundle's culprit frame, can name any path (`file:///etc/passwd`); the OS opener would open it, and for
// some files (a .desktop file, a script) that means running it. So a path is taken only when, after symbolic links are
// resolved, it is a source file of a session's project (to open in the editor), or a session's folder or file, a
// project folder, or a file this engine exported (to show in the file manager). A project counts only when its
// session is the user's own or an imported one the user confirmed; a damaged session's does not.
import { promises as fs } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CheckupError } from '../errors.js';
import { listSessions, sessionDir } from '../store/session-reader.js';

/** Files a culprit frame can point at: JavaScript and TypeScript sources. */
const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/i;

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

async function real(path: string): Promise<string | undefined> {
  return fs.realpath(path).catch(() => undefined);
}

function refused(path: string): CheckupError {
  return new CheckupError('CHK_PATH_NOT_REFERENCED', { path });
}

export class ReferencedPaths {
  private readonly exported = new Set<string>();
  /** Folders the engine made for the user to edit (a student's copy of a lab): projects before any session ran there. */
  private readonly vouched = new Set<string>();

  constructor(private readonly sessionsDir: string) {}

  /** A file this engine wrote on the user's request (a report, a bundle, a profile in another format). */
  rememberExport(path: string): void {
    this.exported.add(resolve(path));
  }

  /** A folder the engine made for the user's own code (app/labs/workspace.ts). */
  vouchFor(dir: string): void {
    this.vouched.add(resolve(dir));
  }

  /** Real paths of the project folders the sessions (or the one session) vouch for. */
  private async projects(sessionId?: string): Promise<string[]> {
    const items = (await listSessions(this.sessionsDir)).filter((s) => !s.damaged && (!s.imported || s.imported.confirmed) && (!sessionId || s.id === sessionId));
    const folders = [...new Set([...items.map((s) => s.project), ...(sessionId ? [] : this.vouched)])];
    const roots = await Promise.all(folders.map((p) => (p && isAbsolute(p) ? real(p) : undefined)));
    // A filesystem root as a project would vouch for every file on the disk.
    return roots.filter((r): r is string => r !== undefined && dirname(r) !== r);
  }

  /** The source file `url` names (file:// URL or absolute path), when a session's project holds it. */
  async sourceFile(url: string, sessionId?: string): Promise<string> {
    if (url.startsWith('node:')) throw new CheckupError('CHK_NOT_SUPPORTED', { what: "Opening Node's own source", hint: 'Node core frames have no file on this machine.' });
    let path: string;
    try {
      path = url.startsWith('file:') ? fileURLToPath(url) : url;
    } catch {
      throw refused(url);
    }
    if (!isAbsolute(path) || /^[a-z][a-z0-9+.-]+:/i.test(path)) throw refused(url);
    if (!SOURCE_FILE.test(path)) throw refused(path);
    const file = await real(path);
    if (!file) throw new CheckupError('CHK_FILE_NOT_FOUND', { path });
    if (!SOURCE_FILE.test(file) || !(await fs.stat(file)).isFile()) throw refused(path);
    if (!(await this.projects(sessionId)).some((root) => inside(root, file))) throw refused(path);
    return file;
  }

  /** `path` when it is a session's folder or file, a project folder, or a file exported here. */
  async revealable(path: string, sessionId?: string): Promise<string> {
    const target = await real(path);
    if (!target) {
      // Say "not found" only about places we would show; anything else learns nothing about what exists.
      if (inside(resolve(sessionId ? sessionDir(this.sessionsDir, sessionId) : this.sessionsDir), resolve(path))) throw new CheckupError('CHK_FILE_NOT_FOUND', { path });
      throw refused(path);
    }
    if (this.exported.has(resolve(path)) || this.exported.has(target)) return target;
    const sessions = await real(sessionId ? sessionDir(this.sessionsDir, sessionId) : this.sessionsDir);
    if (sessions && inside(sessions, target)) return target;
    if ((await this.projects(sessionId)).some((root) => root === target)) return target;
    throw refused(path);
  }
}
