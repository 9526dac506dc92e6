// The files in a tar archive (a fleet's export of profiles is often one), read from memory: 512-byte headers, data
// padded to 512 bytes. Only regular files are returned; names are kept as written (never used as paths). A header is
// believed only when its checksum holds and its size is plain octal: a damaged or crafted one (a negative size, a
// base-256 size, a name record of megabytes) is refused rather than read, so no header can loop or grow memory.
export interface TarEntry {
  name: string;
  data: Uint8Array;
}

/** What is wrong with an archive; `truncated` when it ends inside an entry, else it is malformed. */
export class TarFormatError extends Error {
  constructor(
    message: string,
    readonly truncated: boolean,
  ) {
    super(message);
    this.name = 'TarFormatError';
  }
}

/** The longest name a long-name record may give: PATH_MAX on Linux. Anything longer is not a file name. */
export const MAX_TAR_NAME_BYTES = 4096;

/** "ustar" at offset 257 of the first header: POSIX and GNU tar both write it. */
export function isTar(bytes: Uint8Array): boolean {
  return bytes.length >= 512 && String.fromCharCode(...bytes.subarray(257, 262)) === 'ustar';
}

function text(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end < 0 ? bytes : bytes.subarray(0, end));
}

/** An octal number field (digits, then spaces or NULs); undefined for anything else (a sign, base-256, letters). */
function octal(bytes: Uint8Array): number | undefined {
  const digits = text(bytes).replace(/[ ]+$/, '').replace(/^[ ]+/, '');
  if (digits === '') return 0;
  return /^[0-7]{1,12}$/.test(digits) ? parseInt(digits, 8) : undefined;
}

/** The header's checksum: the sum of its bytes with the checksum field read as spaces. */
function checksumHolds(header: Uint8Array): boolean {
  const recorded = octal(header.subarray(148, 156));
  if (recorded === undefined) return false;
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum === recorded;
}

/** A name for messages: the archive's own words, cut short. */
function shown(name: string): string {
  return name.length > 120 ? `${name.slice(0, 120)}…` : name;
}

export function tarEntries(bytes: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let longName: string | undefined;
  for (let at = 0; at + 512 <= bytes.length; ) {
    const header = bytes.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    if (!checksumHolds(header)) throw new TarFormatError(`the header at byte ${at} is damaged (its checksum does not match)`, false);
    const size = octal(header.subarray(124, 136));
    const type = String.fromCharCode(header[156]!);
    const prefix = text(header.subarray(345, 500));
    const name = longName ?? (prefix ? `${prefix}/${text(header.subarray(0, 100))}` : text(header.subarray(0, 100)));
    longName = undefined;
    if (size === undefined) throw new TarFormatError(`the size of ${shown(name)} is not an octal number`, false);
    const start = at + 512;
    if (start + size > bytes.length) throw new TarFormatError(`the archive ends inside ${shown(name)}`, true);
    const data = bytes.subarray(start, start + size);
    if (type === 'L') {
      if (size > MAX_TAR_NAME_BYTES) throw new TarFormatError(`a file name in it is ${size} bytes long, more than a file name can be (${MAX_TAR_NAME_BYTES})`, false);
      longName = text(data);
    } else if (type === '0' || type === '\0') entries.push({ name: name.replace(/^(\.\/)+/, ''), data });
    at = start + Math.ceil(size / 512) * 512;
  }
  return entries;
}
