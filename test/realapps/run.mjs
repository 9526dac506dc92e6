// Sets up and runs one real application of the corpus against real databases:
//   node test/realapps/run.mjs <app> [--patch a,b] [--port 8080] [--node /path/to/node] [--no-seed] [--node-arg X]...
// 1. a working copy in $TMPDIR/checkup-realapps/<app>[+patches] (or $CHECKUP_REALAPPS_WORK): the vendored sources, the patches applied (patch -p1),
//    the app's own dependencies installed from its own lock file (npm ci, dev dependencies left out);
// 2. the databases it needs, from test/helpers/databases.mjs, prepared (database, user) by setups/<app>.mjs;
// 3. its configuration written into the working copy as the files the app reads anyway (setups/<app>.mjs);
// 4. the app started with the chosen Node, then seeded by seeds/<app>.mjs;
// 5. one JSON line on stdout ({ app, url, pid, cwd, command, databases }), then it waits for SIGINT/SIGTERM or the
//    end of stdin, and stops the app and the databases.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startDatabases, freePort } from '../helpers/databases.mjs';

const here = dirname(fileURLToPath(import.meta.url));

// Working copies live outside this repository: Node's module resolution and TypeScript's @types lookup walk up the
// folder tree, and must find the app's own dependencies only, never Checkup's.
export const workRoot = process.env.CHECKUP_REALAPPS_WORK ?? join(tmpdir(), 'checkup-realapps');

export function workDirFor(app, patches) {
  return join(workRoot, [app, ...patches].join('+'));
}

/** The working copy with its dependencies; built once, reused while its stamp matches the app and patches. */
export function prepareWorkDir(app, patches, setup) {
  const dir = workDirFor(app, patches);
  const stampPath = join(dir, '.corpus-stamp.json');
  const patchTexts = patches.map((p) => readFileSync(join(here, 'patches', `${p}.patch`), 'utf8'));
  const stamp = JSON.stringify({ app, commit: readFileSync(join(here, 'apps', app, 'PROVENANCE.md'), 'utf8'), patchTexts });
  if (existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(here, 'apps', app), dir, { recursive: true });
  for (const [i, text] of patchTexts.entries()) {
    execFileSync('patch', ['-p1', '--no-backup-if-mismatch', '-d', dir], { input: text, stdio: ['pipe', 'inherit', 'inherit'] });
    console.error(`applied patch ${patches[i]}`);
  }
  const base = workDirFor(app, []);
  if (patches.length && existsSync(join(base, 'node_modules'))) {
    // Patches touch the app's sources, never its lock file: share the base copy's installed dependencies.
    execFileSync('cp', ['-al', join(base, 'node_modules'), join(dir, 'node_modules')]);
  } else {
    // npm runs no dependency's install script unless allowed: allow exactly the native addons the app needs (they
    // build against the local Node headers, prebuilt binaries cannot be downloaded here).
    setup.beforeInstall?.(dir);
    if (setup.nativeDependencies?.length) writeFileSync(join(dir, '.npmrc'), `allow-scripts=${setup.nativeDependencies.join(',')}\n`);
    execFileSync('npm', setup.installArgs ?? ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, npm_config_nodedir: process.env.npm_config_nodedir ?? '/usr' },
    });
  }
  setup.afterInstall?.(dir);
  writeFileSync(stampPath, stamp);
  return dir;
}

function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${port} after ${timeoutMs} ms`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

export async function startApp(app, { patches = [], config, port, node = process.execPath, nodeArgs = [], seed = true, log = process.stderr } = {}) {
  const setup = await import(join(here, 'setups', `${app}.mjs`));
  const dir = prepareWorkDir(app, patches, setup);
  const dbs = await startDatabases(Object.keys(setup.databases), setup.databases);
  let child;
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(t);
          r();
        });
      });
    }
    await Promise.all(Object.values(dbs).map((d) => d.stop()));
  };
  try {
    await setup.prepareDatabases?.(dbs, dir);
    port = setup.fixedPort ?? port ?? (await freePort());
    setup.writeConfig(dir, dbs, { port, config });
    // `cwd`: the folder the app is started from, inside the working copy (an npm workspace's package).
    const { args, env = {}, cwd = '.' } = setup.command(dir, dbs, { port });
    const command = [node, ...nodeArgs, ...args];
    child = spawn(command[0], command.slice(1), { cwd: join(dir, cwd), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const ready = new Promise((resolve, reject) => {
      const onData = (d) => {
        output += d;
        log?.write(d);
        if (setup.readyPattern.test(output)) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code, signal) => reject(new Error(`${app} exited before it was ready (${code ?? signal}):\n${output.slice(-3000)}`)));
    });
    await ready;
    await waitForPort(port, 60_000);
    const url = `http://127.0.0.1:${port}`;
    if (seed) {
      const seeder = await import(join(here, 'seeds', `${app}.mjs`));
      const began = performance.now();
      const counts = await seeder.seed(dbs, { url, dir });
      console.error(`seeded ${app} in ${Math.round(performance.now() - began)} ms: ${JSON.stringify(counts)}`);
    }
    return { app, url, port, pid: child.pid, cwd: dir, command, child, dbs, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      patch: { type: 'string', default: '' },
      port: { type: 'string' },
      node: { type: 'string' },
      'node-arg': { type: 'string', multiple: true, default: [] },
      'no-seed': { type: 'boolean', default: false },
    },
  });
  const [app] = positionals;
  if (!app) throw new Error('usage: node test/realapps/run.mjs <app> [--patch a,b] [--port N] [--node PATH] [--no-seed]');
  const running = await startApp(app, {
    patches: values.patch ? values.patch.split(',') : [],
    port: values.port ? Number(values.port) : undefined,
    node: values.node,
    nodeArgs: values['node-arg'],
    seed: !values['no-seed'],
  });
  const { child, dbs, stop, ...shown } = running;
  process.stdout.write(
    JSON.stringify({ ...shown, databases: Object.fromEntries(Object.entries(dbs).map(([k, d]) => [k, { port: d.port, url: d.url, dir: d.dir }])) }) + '\n',
  );
  let stopping = false;
  const finish = async () => {
    if (stopping) return;
    stopping = true;
    await stop();
    process.exit(0);
  };
  child.once('exit', finish);
  process.once('SIGINT', finish);
  process.once('SIGTERM', finish);
  process.stdin.on('end', finish);
  process.stdin.resume();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err.stack || err);
    process.exit(1);
  });
}
