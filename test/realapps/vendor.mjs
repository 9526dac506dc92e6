// Copies each real application of apps.json, at its pinned commit, from a git directory brought by the maintainers'
// `fetch` tool (/work/.mirror/<owner>+<name>/repo) or any clone given with --from, into apps/<name>/: the sources
// unmodified, minus what apps.json leaves out (images, built output, a second lock file), plus a PROVENANCE.md.
// CI and fresh machines never run this: the vendored sources are committed. Run it only to add or re-pin an app.
//   node test/realapps/vendor.mjs [name ...] [--from <git dir>]
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const apps = JSON.parse(readFileSync(join(here, 'apps.json'), 'utf8'));
const args = process.argv.slice(2);
const fromIndex = args.indexOf('--from');
const from = fromIndex >= 0 ? args.splice(fromIndex, 2)[1] : undefined;
const names = args.length ? args : Object.keys(apps);

for (const name of names) {
  const app = apps[name];
  if (!app) throw new Error(`unknown app ${name}; known: ${Object.keys(apps).join(', ')}`);
  const gitDir = from ?? `/work/.mirror/${app.repo.replace('/', '+')}/repo`;
  if (!existsSync(gitDir)) throw new Error(`${gitDir} not found: bring ${app.repo} first (a clone works with --from)`);
  const target = join(here, 'apps', name);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const excludes = app.leftOut.map((p) => `:(exclude)${p}`);
  const tar = execFileSync('git', ['--git-dir', gitDir, 'archive', '--format=tar', app.commit, '--', '.', ...excludes], { maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', target], { input: tar });
  const files = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '--name-only', app.commit], { encoding: 'utf8' }).trim().split('\n');
  const kept = files.filter((f) => !app.leftOut.some((p) => f === p || f.startsWith(`${p}/`)));
  const date = execFileSync('git', ['--git-dir', gitDir, 'show', '-s', '--format=%cI', app.commit], { encoding: 'utf8' }).trim();
  writeFileSync(
    join(target, 'PROVENANCE.md'),
    [
      `# ${name}`,
      '',
      `- Repository: https://github.com/${app.repo}`,
      `- Commit: ${app.commit} (${date})`,
      `- Licence: ${app.licence}`,
      `- Shape: ${app.shape}`,
      `- Vendored: ${kept.length} of ${files.length} files, unmodified, by test/realapps/vendor.mjs.`,
      `- Left out: ${app.leftOut.join(', ')}; no node_modules (installed by test/realapps/setup.mjs from the app's own package.json and lock file).`,
      '',
      'Nothing in this folder is edited by hand. Configuration for the test databases is written by setup.mjs into a',
      'working copy, as files the app reads anyway (see test/realapps/README.md); problem patches live in',
      '../../patches/ and are applied to that copy only.',
      '',
    ].join('\n'),
  );
  console.log(`${name}: ${kept.length} files from ${app.repo}@${app.commit.slice(0, 12)}`);
}
