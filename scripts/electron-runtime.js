// Electron's runtime for `npm start`: where it is, and fetching it when it is missing. npm 11 does not run
// electron's install script unless the user approves it, so a fresh checkout has the electron package without its
// runtime. We run the same download at start time instead, with Electron's own code, so everything that configures it
// keeps working (ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR, electron_config_cache, electron_use_remote_checksums, the
// npm_config_electron_* forms, force_no_cache):
//   1. @electron/get's downloadArtifact, with the options electron's install.js gives it, fills @electron/get's cache;
//      we call it ourselves only to show progress (install.js shows none for the first 30 s of a ~100 MB download);
//   2. electron's install.js then finds the archive in that cache, checks it again, unpacks it into
//      node_modules/electron/dist and writes path.txt, exactly as `npm install` would have.
// Should the two ever disagree on the archive (e.g. install.js's Rosetta check picks arm64), install.js downloads it
// itself, without our progress: slower to watch, never wrong.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** No byte for this long and the download is given up (undici itself waits 5 minutes for a silent server). */
const STALL_MS = 30_000;

const EXECUTABLE = { darwin: 'Electron.app/Contents/MacOS/Electron', mas: 'Electron.app/Contents/MacOS/Electron', win32: 'electron.exe' };

/** The electron package: node_modules/electron, or CHECKUP_ELECTRON_PACKAGE (a copy elsewhere; the tests use one). */
export function electronPackageDir(root, env = process.env) {
  return env.CHECKUP_ELECTRON_PACKAGE ? resolve(env.CHECKUP_ELECTRON_PACKAGE) : join(root, 'node_modules', 'electron');
}

/**
 * Electron's executable when its runtime is installed, found as electron's index.js finds it (path.txt under dist/,
 * or ELECTRON_OVERRIDE_DIST_PATH), but without index.js's side effect of downloading when it is missing.
 */
export function installedElectron(pkgDir, env = process.env) {
  if (!existsSync(join(pkgDir, 'package.json'))) return undefined;
  const pathFile = join(pkgDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override ? join(override, relative || (EXECUTABLE[process.platform] ?? 'electron')) : relative ? join(pkgDir, 'dist', relative) : undefined;
  return candidate && existsSync(candidate) ? candidate : undefined;
}

const OFFLINE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ENETUNREACH', 'EHOSTUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']);

/** The error in `err`'s cause chain that says what happened on the wire (undici wraps it, sometimes in an AggregateError). */
function networkCause(err) {
  for (let e = err, depth = 0; e && depth < 4; e = e.cause, depth++) {
    if (typeof e.code === 'string') return e;
    if (Array.isArray(e.errors) && typeof e.errors[0]?.code === 'string') return e.errors[0];
  }
  return undefined;
}

/**
 * The host the download goes to, for messages only (@electron/get does not export its URL builder): the mirror
 * setting @electron/get reads first, else Electron's GitHub releases.
 */
export function mirrorHost(env = process.env) {
  const mirror =
    env.npm_config_electron_mirror || env.NPM_CONFIG_ELECTRON_MIRROR || env.npm_package_config_electron_mirror || env.ELECTRON_MIRROR || 'https://github.com/';
  try {
    return new URL(mirror).host || mirror;
  } catch {
    return mirror;
  }
}

/** Why a download failed, in one line. */
export function describeDownloadFailure(err, host = mirrorHost()) {
  if (err?.name === 'AbortError' || err?.name === 'StallError') return `the download from ${host} stalled (no data for ${STALL_MS / 1000} s)`;
  if (err?.name === 'HTTPError' && err.response) return `${host} answered ${`${err.response.status} ${err.response.statusText ?? ''}`.trim()} for ${err.response.url}`;
  if (/checksum/i.test(String(err?.message))) return `the download from ${host} did not match Electron's published checksum`;
  const cause = networkCause(err);
  if (cause && OFFLINE_CODES.has(cause.code)) {
    const where = cause.hostname ?? (cause.address ? `${cause.address}${cause.port ? `:${cause.port}` : ''}` : host);
    return `no connection to ${where} (${cause.code}): offline, or a proxy or firewall in the way?`;
  }
  return `${String(err?.message ?? err).split('\n')[0]}${cause ? ` (${cause.code})` : ''}`;
}

function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

/** Progress as the user sees it: one line rewritten on a terminal, a line every 10% otherwise (logs, CI). */
function progressPrinter(stream, label) {
  let lastTenth = -1;
  let lastDraw = 0;
  return {
    update({ transferred, total, percent }) {
      const line = total ? `checkup: ${label}: ${megabytes(transferred)} of ${megabytes(total)} MB (${Math.floor(percent * 100)}%)` : `checkup: ${label}: ${megabytes(transferred)} MB`;
      if (stream.isTTY) {
        const now = Date.now();
        if (now - lastDraw < 100 && percent < 1) return;
        lastDraw = now;
        stream.write(`\r${line}\u001b[K`);
        return;
      }
      const tenth = Math.floor((total ? percent : 0) * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      stream.write(`${line}\n`);
    },
    end() {
      if (stream.isTTY && lastDraw) stream.write('\n');
    },
  };
}

function runInstaller(pkgDir) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(pkgDir, 'install.js')], { cwd: pkgDir, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk.toString('utf8')));
    child.on('error', (err) => done({ code: 1, stderr: err.message }));
    child.on('exit', (code) => done({ code: code ?? 1, stderr }));
  });
}

/**
 * Fetches and installs Electron's runtime into `pkgDir` (node_modules/electron). Resolves to { binary } once installed,
 * or { reason } (one line) when it cannot be had; it never throws.
 */
export async function fetchElectronRuntime(pkgDir, { say, progressStream = process.stderr } = {}) {
  const env = process.env;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) return { reason: `ELECTRON_OVERRIDE_DIST_PATH (${env.ELECTRON_OVERRIDE_DIST_PATH}) holds no Electron executable` };
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) return { reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' };
  const manifest = join(pkgDir, 'package.json');
  if (!existsSync(manifest) || !existsSync(join(pkgDir, 'install.js'))) return { reason: `${pkgDir} is not an electron package with its install.js (run npm install)` };
  const require = createRequire(manifest);
  const { version } = JSON.parse(readFileSync(manifest, 'utf8'));

  let get;
  try {
    get = await import(pathToFileURL(require.resolve('@electron/get')).href);
  } catch (err) {
    return { reason: `Electron's downloader (@electron/get) cannot be loaded: ${String(err?.message ?? err).split('\n')[0]}` };
  }
  // The same artifact install.js asks for, so that it finds ours in the cache.
  const details = {
    version,
    artifactName: 'electron',
    platform: env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform,
    arch: env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch,
    force: env.force_no_cache === 'true',
    cacheRoot: env.electron_config_cache,
    checksums: env.electron_use_remote_checksums || env.npm_config_electron_use_remote_checksums ? undefined : require('./checksums.json'),
  };
  const host = mirrorHost();
  const label = `downloading Electron ${version} (${details.platform}-${details.arch}) from ${host}`;
  say?.(`${label}…`);
  const progress = progressPrinter(progressStream, label);
  const controller = new AbortController();
  let stallTimer;
  const armStall = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => controller.abort(Object.assign(new Error('stalled'), { name: 'StallError' })), STALL_MS);
  };
  armStall();
  try {
    await get.downloadArtifact({
      ...details,
      downloadOptions: {
        quiet: true,
        signal: controller.signal,
        getProgressCallback: (p) => {
          armStall();
          progress.update(p);
        },
      },
    });
  } catch (err) {
    progress.end();
    return { reason: describeDownloadFailure(controller.signal.aborted ? controller.signal.reason : err, host) };
  } finally {
    clearTimeout(stallTimer);
  }
  progress.end();

  say?.(`unpacking Electron ${version} into ${join(pkgDir, 'dist')} (electron's install.js)…`);
  const installed = await runInstaller(pkgDir);
  if (installed.code !== 0) {
    const last = installed.stderr.trim().split('\n').find((line) => line.trim()) ?? `exit status ${installed.code}`;
    return { reason: `electron's install.js failed: ${last.trim()}` };
  }
  const binary = installedElectron(pkgDir);
  return binary ? { binary } : { reason: `electron's install.js finished but ${join(pkgDir, 'dist')} holds no Electron executable` };
}
