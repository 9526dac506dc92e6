// pprof files are gzipped protobuf, and any profile may come gzipped. Inflating is where a small file becomes a big
// one, so the inflated size is bounded while inflating (app/bounded-gunzip.ts), and a damaged or cut-off stream is
// told apart from a file too large.
import { GzipDataError, gunzipBounded, INFLATED_LIMIT_BYTES } from '../../bounded-gunzip.js';
import { CheckupError } from '../../errors.js';
import { isGzip } from './pprof.js';
import { malformed } from './values.js';

export async function unzipPprof(bytes: Uint8Array, name: string, maxBytes: number): Promise<Uint8Array> {
  if (!isGzip(bytes)) return bytes;
  try {
    return await gunzipBounded(bytes, name, Math.min(maxBytes, INFLATED_LIMIT_BYTES));
  } catch (err) {
    if (!(err instanceof GzipDataError)) throw err;
    if (err.truncated) throw new CheckupError('CHK_PROFILE_TRUNCATED', { name, detail: 'its gzip stream ends early' }, { cause: err });
    throw malformed('pprof', name, `its gzip stream is damaged (${err.message})`);
  }
}
