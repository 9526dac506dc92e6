// pprof files are gzipped protobuf. Inflating is where a small file becomes a big one, so the decompressed size is
// held to the same limit as a file on disk, and a damaged or cut-off stream is told apart from a file too large.
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { CheckupError } from '../../errors.js';
import { isGzip } from './pprof.js';
import { formatBytes } from './source.js';
import { malformed } from './values.js';

const gunzipAsync = promisify(gunzip);

export async function unzipPprof(bytes: Uint8Array, name: string, maxBytes: number): Promise<Uint8Array> {
  if (!isGzip(bytes)) return bytes;
  try {
    return await gunzipAsync(bytes, { maxOutputLength: maxBytes });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError) {
      throw new CheckupError('CHK_PROFILE_TOO_LARGE', { name, size: `more than ${formatBytes(maxBytes)} unzipped`, limit: formatBytes(maxBytes) }, { cause: err });
    }
    if (e.code === 'Z_BUF_ERROR' || /unexpected end/i.test(e.message)) {
      throw new CheckupError('CHK_PROFILE_TRUNCATED', { name, detail: 'its gzip stream ends early' }, { cause: err });
    }
    throw malformed('pprof', name, `its gzip stream is damaged (${e.message})`);
  }
}
