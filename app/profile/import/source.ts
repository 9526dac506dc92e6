// Where profile bytes come from: a file on disk (streamed) or bytes/text handed over (an upload, a drop). Size limits
// and the clear errors for missing, empty and oversized files are decided here, before any parsing.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { CheckupError } from '../../errors.js';

export type ProfileInput = { path: string } | { name: string; data: Uint8Array | string };

export interface ByteSource {
  name: string;
  path?: string;
  size: number;
  chunks(): AsyncIterable<Uint8Array>;
}

const CHUNK = 1 << 20;

/** Decimal units, as file managers and our `--size 40MB` options count them. */
export function formatBytes(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} kB`;
  return `${n} bytes`;
}

function tooLarge(name: string, size: number, limit: number): CheckupError {
  return new CheckupError('CHK_PROFILE_TOO_LARGE', { name, size: formatBytes(size), limit: formatBytes(limit) });
}

async function* stringChunks(text: string): AsyncIterable<Uint8Array> {
  const encoder = new TextEncoder();
  for (let at = 0; at < text.length; ) {
    let end = Math.min(text.length, at + CHUNK);
    // Never split a surrogate pair between two chunks.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield encoder.encode(text.slice(at, end));
    at = end;
  }
}

async function* byteChunks(data: Uint8Array): AsyncIterable<Uint8Array> {
  for (let at = 0; at < data.length; at += CHUNK) yield data.subarray(at, Math.min(data.length, at + CHUNK));
}

export async function openSource(input: ProfileInput, maxBytes: number): Promise<ByteSource> {
  if ('path' in input) {
    const name = basename(input.path);
    let size: number;
    try {
      const info = await stat(input.path);
      if (!info.isFile()) throw new CheckupError('CHK_FILE_NOT_FOUND', { path: input.path });
      size = info.size;
    } catch (err) {
      if (err instanceof CheckupError) throw err;
      throw new CheckupError('CHK_FILE_NOT_FOUND', { path: input.path }, { cause: err });
    }
    if (size === 0) throw new CheckupError('CHK_PROFILE_EMPTY', { name });
    if (size > maxBytes) throw tooLarge(name, size, maxBytes);
    return {
      name,
      path: input.path,
      size,
      chunks: () => createReadStream(input.path, { highWaterMark: CHUNK }) as AsyncIterable<Uint8Array>,
    };
  }
  const { name, data } = input;
  // A JS string's length counts UTF-16 units; close enough to its UTF-8 size for a limit.
  const size = typeof data === 'string' ? data.length : data.byteLength;
  if (size === 0) throw new CheckupError('CHK_PROFILE_EMPTY', { name });
  if (size > maxBytes) throw tooLarge(name, size, maxBytes);
  return { name, size, chunks: () => (typeof data === 'string' ? stringChunks(data) : byteChunks(data)) };
}
