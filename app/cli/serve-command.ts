// `checkup serve`: browser mode. Starts the engine and the loopback server, prints the address with its secret and
// runs until Ctrl-C, which stops any run (saving what it collected) and exits cleanly.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { Engine } from '../engine/engine.js';
import { CheckupError, toCheckupError } from '../errors.js';
import { openBrowser } from '../server/open-browser.js';
import { startServer } from '../server/server.js';
import { processIo, type CliIo } from './io.js';
import { errorReport } from './report.js';

export interface ServeCommand {
  port: number;
  outDir?: string;
  open: boolean;
}

export function parseServeArgs(argv: string[]): ServeCommand {
  let values: { port?: string; out?: string; 'no-open'?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { port: { type: 'string' }, out: { type: 'string' }, 'no-open': { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new CheckupError('CHK_INVALID_OPTIONS', { detail: (err as Error).message }, { cause: err });
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || values.port?.trim() === '') {
    throw new CheckupError('CHK_INVALID_OPTIONS', { detail: `--port must be a port number (0 for any free one), not "${values.port}"` });
  }
  return { port, open: !values['no-open'], ...(values.out ? { outDir: resolve(values.out) } : {}) };
}

export async function serveCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  let command: ServeCommand;
  try {
    command = parseServeArgs(argv);
  } catch (err) {
    const e = toCheckupError(err);
    io.stderr(errorReport(e.toJSON()) + '\n');
    return e.exitCode;
  }
  const engine = new Engine(command.outDir ? { sessionsDir: command.outDir } : {});
  let server;
  try {
    server = await startServer({ engine, port: command.port });
  } catch (err) {
    const e = toCheckupError(err);
    io.stderr(errorReport(e.toJSON()) + '\n');
    return e.exitCode;
  }
  io.stdout(`Checkup UI: ${server.url}\n`);
  if (command.open) void openBrowser(server.launchUrl());

  process.on('exit', Engine.killAllSync);
  return new Promise<number>((done) => {
    let interrupts = 0;
    const onSignal = () => {
      interrupts++;
      if (interrupts > 1) {
        Engine.killAllSync();
        process.exit(130);
      }
      io.stderr('\nStopping: any run in progress is stopped and saved…\n');
      void engine
        .close()
        .catch(() => undefined)
        .then(() => server.close())
        .then(() => {
          process.off('SIGINT', onSignal);
          process.off('SIGTERM', onSignal);
          process.off('SIGHUP', onSignal);
          // Anything still holding the loop open (a lingering worker) must not keep a stopped server alive.
          setTimeout(() => process.exit(0), 3000).unref();
          done(0);
        });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    process.on('SIGHUP', onSignal);
  });
}
