#!/usr/bin/env node
// `npm start`: builds what is needed, then opens the desktop app. When Electron's runtime is not installed (npm 11
// does not run electron's download script unless allowed), it fetches it first with Electron's own installer
// (scripts/electron-runtime.js); when that cannot work (offline, refused) or there is no display, it says why in one
// line and opens the same app in the browser instead (`checkup serve`), so `npm start` always gives the user the app.
//
// Usage: node scripts/start.js [--no-build] [--browser] [files to open...]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronPackageDir, fetchElectronRuntime, installedElectron } from './electron-runtime.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const flags = new Set(argv.filter((a) => a === '--no-build' || a === '--browser'));
const passThrough = argv.filter((a) => !flags.has(a));

function say(line) {
  process.stderr.write(`checkup: ${line}\n`);
}

function build() {
  if (flags.has('--no-build')) return;
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.js')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) say('the build reported errors (see above); starting with what was built.');
}

function hasDisplay() {
  if (process.platform !== 'linux') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

function openUrl(url) {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['rundll32', ['url.dll,FileProtocolHandler', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', shell: false });
    child.on('error', () => say(`could not open a browser; open ${url} yourself.`));
    child.unref();
  } catch {
    say(`could not open a browser; open ${url} yourself.`);
  }
}

/**
 * Runs `child` to the end and exits with its status. Ctrl-C in a terminal reaches the child by itself (same process
 * group), so SIGINT is passed on only when there is no terminal; a second interrupt would make the child quit
 * without saving the run.
 */
function supervise(child) {
  const forward = (signal) => {
    if (signal === 'SIGINT' && process.stdin.isTTY) return;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + 2 : 1)));
  child.on('error', (err) => {
    say(`could not start ${child.spawnfile}: ${err.message}`);
    process.exit(1);
  });
}

function startDesktop(binary) {
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  supervise(spawn(binary, [root, ...passThrough], { cwd: root, env, stdio: 'inherit' }));
}

function startBrowserMode() {
  const display = hasDisplay();
  const child = spawn(process.execPath, [join(root, 'bin', 'checkup.js'), 'serve', '--no-open'], { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] });
  let opened = false;
  let pending = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    if (opened) return;
    pending += chunk.toString('utf8');
    const match = /Checkup UI: (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(pending);
    if (match) {
      opened = true;
      pending = '';
      if (display) openUrl(match[1]);
      else say('no display here: open the address above in a browser (it works only on this machine).');
    }
  });
  supervise(child);
}

build();
if (!existsSync(join(root, 'out', 'main', 'main.js')) || !existsSync(join(root, 'out', 'app', 'cli', 'main.js'))) {
  say('the build produced no out/main/main.js or out/app/cli/main.js; run `npm run build` and read its errors.');
  process.exit(1);
}

if (flags.has('--browser')) {
  say('browser mode, as asked.');
  startBrowserMode();
} else if (!hasDisplay()) {
  say('no display (DISPLAY/WAYLAND_DISPLAY unset): opening Checkup in browser mode instead of the desktop window.');
  startBrowserMode();
} else {
  const pkgDir = electronPackageDir(root);
  let binary = installedElectron(pkgDir);
  if (!binary) {
    say("Electron's runtime is not installed yet (npm 11 skips electron's download script): fetching it now with Electron's installer.");
    const fetched = await fetchElectronRuntime(pkgDir, { say });
    binary = fetched.binary;
    if (!binary) say(`could not get Electron's runtime: ${fetched.reason}. Opening Checkup in browser mode instead.`);
  }
  if (binary) startDesktop(binary);
  else startBrowserMode();
}
