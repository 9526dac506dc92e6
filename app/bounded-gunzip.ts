// Unpacking gzip is where a small file becomes a huge one: a 1.4 MB "gzip bomb" inflates to gigabytes. Every place
// that inflates (gzipped profiles and pprof, tar.gz profile sets, session bundles) goes through here, which streams
// the inflation and stops as soon as the output passes the limit, so memory never holds more than the limit.
import { createGunzip } from 'node:zlib';
import { CheckupError } from './errors.js';

/**
 * The most a gzip stream may inflate to. Judgement: a session bundle or a gzipped profile of a long production
 * recording stays far below this; past it the unpacked text would no longer fit in one JavaScript string (512 MB)
 * once the parsers' own copies are counted. A bigger profile can still be opened unpacked: files on disk are read
 * as a stream, with the importer's own (larger) limit.
 */
export const INFLATED_LIMIT_BYTES = 256 * 1024 * 1024;

/** Damaged or cut-off gzip data (the caller words it for its format); too large is a CheckupError already. */
export class GzipDataError extends Error {
  constructor(
    message: string,
    readonly truncated: boolean,
  ) {
    super(message);
    this.name = 'GzipDataError';
  }
}

/** The profiles' "too large" error, with the size and limit said as unpacked sizes. */
function inflatedTooLarge(name: string, limit: number): CheckupError {
  const mb = `${Math.round(limit / (1024 * 1024))} MB`;
  return new CheckupError('CHK_PROFILE_TOO_LARGE', { name, size: `more than ${mb} once unpacked`, limit: `${mb} unpacked` });
}

/** Inflates `bytes`, refusing with CHK_PROFILE_TOO_LARGE the moment the output passes `limit` bytes. */
export function gunzipBounded(bytes: Uint8Array, name: string, limit = INFLATED_LIMIT_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const gunzip = createGunzip();
    const parts: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      parts.length = 0;
      gunzip.destroy();
      reject(err);
    };
    gunzip.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) fail(inflatedTooLarge(name, limit));
      else if (!settled) parts.push(chunk);
    });
    gunzip.on('error', (err: NodeJS.ErrnoException) => {
      const truncated = err.code === 'Z_BUF_ERROR' || /unexpected end/i.test(err.message);
      fail(new GzipDataError(err.message, truncated));
    });
    gunzip.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(parts.length === 1 ? parts[0]! : Buffer.concat(parts, size));
    });
    gunzip.end(bytes);
  });
}
