// The npm packages the labs need (lab.json "dependencies", with everything they depend on), copied out of
// node_modules into out/lab-modules: the labs run in the user's own Node, which cannot read inside the packaged app's
// archive, so this folder is kept outside it (electron-builder.yml asarUnpack, app/paths.ts OUTSIDE_ARCHIVE) and
// given to the labs as NODE_PATH. A package's own nested node_modules keep their place inside it.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** The package folders (relative to node_modules) that the labs' dependencies need, resolved as Node would. */
export function labPackageClosure(root) {
  const seen = new Set();
  const visit = (name, from) => {
    let dir = from;
    for (;;) {
      const candidate = join(dir, 'node_modules', name, 'package.json');
      if (existsSync(candidate)) {
        const folder = dirname(candidate);
        const rel = relative(join(root, 'node_modules'), folder);
        if (seen.has(rel)) return;
        seen.add(rel);
        const pkg = JSON.parse(readFileSync(candidate, 'utf8'));
        for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, folder);
        return;
      }
      const up = dirname(dir);
      if (up === dir || !up.startsWith(root)) throw new Error(`lab dependency ${name} (needed from ${from}) is not installed: run npm install`);
      dir = up;
    }
  };
  const labs = join(root, 'assets', 'labs');
  for (const lab of readdirSync(labs)) {
    const file = join(labs, lab, 'lab.json');
    if (!existsSync(file)) continue;
    for (const dep of JSON.parse(readFileSync(file, 'utf8')).dependencies ?? []) visit(dep, root);
  }
  return [...seen].sort();
}

/** Copies the closure into out/lab-modules unless the list there is already this one. Returns the folder. */
export function copyLabModules(root) {
  const target = join(root, 'out', 'lab-modules');
  const closure = labPackageClosure(root);
  const versions = closure.map((rel) => `${rel.split(sep).join('/')}@${JSON.parse(readFileSync(join(root, 'node_modules', rel, 'package.json'), 'utf8')).version}`);
  const manifest = join(target, '.packages');
  if (existsSync(manifest) && readFileSync(manifest, 'utf8') === versions.join('\n')) return target;
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const rel of closure) {
    // Nested node_modules are copied as closure entries of their own (only those the labs need).
    cpSync(join(root, 'node_modules', rel), join(target, rel), { recursive: true, filter: (src) => !relative(join(root, 'node_modules', rel), src).split(sep).includes('node_modules') });
  }
  writeFileSync(manifest, versions.join('\n'));
  return target;
}
