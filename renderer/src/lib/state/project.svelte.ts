// "Check my app": a project folder, what to run in it (an npm script or an entry file), its arguments and
// environment. Prefilled from the recipe last used for that folder.
import type { ProjectInfo, Recipe, RecipeInput } from '../../../../app/contract/index.js';
import type { Client } from '../client/index.js';

/** `a "b c" 'd'` → ['a', 'b c', 'd']: arguments as a shell would split them, without a shell. */
export function splitArgs(text: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? m[3]!));
  return out;
}

/** NAME=VALUE lines → an env object; the first bad line is reported. */
export function parseEnv(text: string): { env: Record<string, string>; error?: string } {
  const env: Record<string, string> = {};
  for (const line of text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))) {
    const at = line.indexOf('=');
    if (at <= 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(line.slice(0, at).trim())) return { env, error: `“${line.slice(0, 40)}” is not NAME=VALUE` };
    env[line.slice(0, at).trim()] = line.slice(at + 1);
  }
  return { env };
}

export class ProjectForm {
  dir = $state('');
  info = $state.raw<ProjectInfo | undefined>(undefined);
  /** `npm:<script>` or `file:<path>`. */
  choice = $state('');
  /** A script path typed by hand (choice `custom`), relative to the folder or absolute. */
  custom = $state('');
  args = $state('');
  env = $state('');
  loading = $state(false);
  error = $state.raw<unknown>(undefined);
  /** Why the desktop's folder dialog failed, if it did (a browser has none: the path is typed). */
  browseError = $state.raw<unknown>(undefined);

  constructor(private readonly client: Client) {}

  /** The desktop's folder dialog; a folder picked is looked at at once. */
  async browse(): Promise<void> {
    this.browseError = undefined;
    try {
      const picked = await this.client.pickPath({ kind: 'folder', title: 'Choose your app’s folder' });
      if (picked.path) {
        this.dir = picked.path;
        await this.describe();
      }
    } catch (err) {
      this.browseError = err;
    }
  }

  async describe(): Promise<boolean> {
    this.loading = true;
    this.error = undefined;
    try {
      const info = await this.client.describeProject({ dir: this.dir.trim() });
      this.info = info;
      this.prefill(info);
      return true;
    } catch (err) {
      this.info = undefined;
      this.error = err;
      return false;
    } finally {
      this.loading = false;
    }
  }

  private prefill(info: ProjectInfo): void {
    const last = info.lastRecipe?.target;
    if (last && last.kind !== 'lab') {
      this.choice = last.kind === 'npm' ? `npm:${last.npmScript}` : `file:${last.script}`;
      this.args = last.args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(' ');
      this.env = Object.entries(last.env).map(([k, v]) => `${k}=${v}`).join('\n');
      return;
    }
    const start = ['start', 'serve', 'dev'].find((s) => s in info.scripts);
    this.choice = info.entries[0] ? `file:${info.entries[0]}` : start ? `npm:${start}` : Object.keys(info.scripts)[0] ? `npm:${Object.keys(info.scripts)[0]}` : '';
    this.args = '';
    this.env = '';
  }

  /** The target for the recipe, or the reason there is none yet. */
  target(): { target?: RecipeInput['target']; error?: string } {
    if (!this.info) return { error: 'Look at a folder first.' };
    const { env, error } = parseEnv(this.env);
    if (error) return { error };
    const args = splitArgs(this.args);
    if (this.choice.startsWith('npm:')) return { target: { kind: 'npm', npmScript: this.choice.slice(4), args, cwd: this.info.dir, env } };
    if (this.choice === 'custom') {
      if (!this.custom.trim()) return { error: 'Type the script to run.' };
      return { target: { kind: 'script', script: this.custom.trim(), args, nodeArgs: [], cwd: this.info.dir, env } };
    }
    if (this.choice.startsWith('file:')) return { target: { kind: 'script', script: this.choice.slice(5), args, nodeArgs: [], cwd: this.info.dir, env } };
    return { error: 'Choose an npm script or an entry file.' };
  }

  /** The rest of the last recipe for this folder (load, profile), to start from. */
  lastRecipe(): Partial<Recipe> {
    return this.info?.lastRecipe ?? {};
  }
}
