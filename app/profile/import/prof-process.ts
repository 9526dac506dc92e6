// Runs `node --prof-process --preprocess <log>` (the Node that runs us, so its V8 tools match the log as closely as
// we can) and parses its JSON as it streams out. A time limit, cancellation and a clean kill: the child never outlives
// the call.
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { CheckupError } from '../../errors.js';
import { resolveNodeBinary } from '../../node-binary.js';
import { JsonParseError, JsonStreamParser } from './json/stream-parser.js';

export interface ProfProcessOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The node binary; by default the Node that runs us, or in the desktop app the user's `node` on the PATH. */
  nodePath?: string;
}

export interface ProfProcessResult {
  json: unknown;
  warnings: string[];
}

/**
 * The Node whose V8 tools read the log: ours when we are plain Node (its V8 matches the log as closely as we can);
 * in the desktop app the user's, since the packaged Electron cannot run as Node (its RunAsNode fuse is off).
 */
function profProcessNode(): string {
  return process.versions.electron ? resolveNodeBinary() : process.execPath;
}

const VERSION_MISMATCH = /Testing v8 version different from logging version/;

export function preprocessV8Log(logPath: string, name: string, options: ProfProcessOptions = {}): Promise<ProfProcessResult> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const failed = (detail: string, cause?: unknown) => new CheckupError('CHK_PROF_PROCESS_FAILED', { name, detail }, { cause });
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new CheckupError('CHK_CANCELLED'));
    let node: string;
    try {
      node = options.nodePath ?? profProcessNode();
    } catch (err) {
      return reject(failed('it needs Node.js: install it and make sure `node` is on the PATH', err));
    }
    const child = spawn(node, ['--prof-process', '--preprocess', logPath], {
      cwd: tmpdir(),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
      windowsHide: true,
    });
    const parser = new JsonStreamParser();
    const warnings: string[] = [];
    let preamble = '';
    let inJson = false;
    let stderr = '';
    let unsafeLines = 0;
    let broken = false;
    let settled = false;
    const finish = (err: CheckupError | undefined, result?: ProfProcessResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (err) reject(err);
      else resolve(result!);
    };
    const limit = timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`;
    const timer = setTimeout(() => finish(failed(`it did not finish within ${limit}`)), timeoutMs);
    const onAbort = () => finish(new CheckupError('CHK_CANCELLED'));
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      if (settled) return;
      try {
        if (inJson) return parser.write(chunk);
        // Lines before the JSON (e.g. a V8 version note) are messages, not data.
        preamble += chunk.toString('latin1');
        const at = preamble.search(/^\s*[{[]/m);
        if (at < 0) {
          if (preamble.length > 1 << 20) finish(failed('its output does not contain JSON'));
          return;
        }
        for (const line of preamble.slice(0, at).split('\n')) {
          if (VERSION_MISMATCH.test(line)) warnings.push('The log was written by another V8 version than this Node.js has; some names may be wrong or missing.');
          else if (line.trim()) warnings.push(`prof-process: ${line.trim()}`);
        }
        inJson = true;
        parser.write(Buffer.from(preamble.slice(at), 'latin1'));
        preamble = '';
      } catch (err) {
        finish(failed(`its output is not valid JSON: ${(err as Error).message}`, err));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      unsafeLines += text.match(/Log line containts? unsafe integers/g)?.length ?? 0;
      if (/BROKEN_PROFILE_FILE/.test(text)) broken = true;
      if (stderr.length < 64 * 1024) stderr += text;
    });
    child.on('error', (err) => finish(failed(err.message, err)));
    child.on('close', (code, signal) => {
      if (settled) return;
      const lastLines = stderr
        .split('\n')
        .filter((l) => l.trim() && !/ExperimentalWarning|--trace-warnings/.test(l))
        .slice(-3)
        .join(' / ');
      if (code !== 0) return finish(failed(lastLines || `it exited with ${signal ?? `code ${code}`}`));
      if (!inJson) return finish(failed(lastLines || 'it wrote no profile'));
      try {
        const { value } = parser.end();
        if (broken) warnings.push('The log is cut off at the end (its writer may have been killed); the ticks before the cut were read.');
        if (unsafeLines > 0) warnings.push(`${unsafeLines} log lines with out-of-range addresses could not be read and were skipped.`);
        finish(undefined, { json: value, warnings });
      } catch (err) {
        const detail = err instanceof JsonParseError ? err.message : String(err);
        finish(failed(`its output is not valid JSON: ${detail}`, err));
      }
    });
  });
}
