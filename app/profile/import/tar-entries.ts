// The files in a tar archive (a fleet's export of profiles is often one), read from memory: 512-byte headers, data
// padded to 512 bytes. Only regular files are returned; names are kept as written (never used as paths).
export interface TarEntry {
  name: string;
  data: Uint8Array;
}

/** "ustar" at offset 257 of the first header: POSIX and GNU tar both write it. */
export function isTar(bytes: Uint8Array): boolean {
  return bytes.length >= 512 && String.fromCharCode(...bytes.subarray(257, 262)) === 'ustar';
}

function text(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end < 0 ? bytes : bytes.subarray(0, end));
}

function octal(bytes: Uint8Array): number {
  const digits = text(bytes).trim();
  return digits ? parseInt(digits, 8) : 0;
}

export function tarEntries(bytes: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let longName: string | undefined;
  for (let at = 0; at + 512 <= bytes.length; ) {
    const header = bytes.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const size = octal(header.subarray(124, 136));
    const type = String.fromCharCode(header[156]!);
    const prefix = text(header.subarray(345, 500));
    const name = longName ?? (prefix ? `${prefix}/${text(header.subarray(0, 100))}` : text(header.subarray(0, 100)));
    longName = undefined;
    const start = at + 512;
    if (start + size > bytes.length) throw new Error(`the archive ends inside ${name}`);
    const data = bytes.subarray(start, start + size);
    if (type === 'L') longName = text(data);
    else if (type === '0' || type === '\0') entries.push({ name: name.replace(/^(\.\/)+/, ''), data });
    at = start + Math.ceil(size / 512) * 512;
  }
  return entries;
}
