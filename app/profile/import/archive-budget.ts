// One budget for everything a profile set holds, archives inside archives included: the files counted together, the
// bytes unpacked counted together, and how deep archives may nest. Limits per level would multiply (a 20 KB tar.gz of
// tar.gz files held 250,000 profiles); one budget for the whole set keeps the work what a single set of MAX_SET_FILES
// files would be.
import { CheckupError } from '../../errors.js';
import { formatBytes } from './source.js';

/** More files than this in one set is a folder the user did not mean (a home directory, node_modules). */
export const MAX_SET_FILES = 500;
/**
 * How deep archives may nest: a tar.gz of per-host tar.gz exports is two levels; a third is allowed for an export
 * of those. Past it the file is built to multiply work, not to hold profiles.
 */
export const MAX_ARCHIVE_DEPTH = 3;

export class ArchiveBudget {
  private files = 0;
  private bytes = 0;
  /** The errors this budget threw: they refuse the whole set, where a member's own error only skips the member. */
  private readonly refusals = new WeakSet<object>();

  constructor(
    /** The file or folder the user opened: errors name it, not a member deep inside. */
    readonly name: string,
    readonly maxBytes: number,
    readonly maxFiles = MAX_SET_FILES,
  ) {}

  /** `count` more files opened as members of the set; refused past the budget. */
  takeFiles(count: number): void {
    this.files += count;
    if (this.files > this.maxFiles) {
      throw this.refusal(new CheckupError('CHK_PROFILE_TOO_LARGE', { name: this.name, size: `${this.files} or more files, counting those inside archives in it`, limit: `${this.maxFiles} files` }));
    }
  }

  /** `count` more bytes unpacked or held in memory for the set; refused past the budget. */
  takeBytes(count: number): void {
    this.bytes += count;
    if (this.bytes > this.maxBytes) {
      throw this.refusal(new CheckupError('CHK_PROFILE_TOO_LARGE', { name: this.name, size: `more than ${formatBytes(this.maxBytes)} once unpacked`, limit: formatBytes(this.maxBytes) }));
    }
  }

  /** What may still be unpacked. */
  get bytesLeft(): number {
    return Math.max(0, this.maxBytes - this.bytes);
  }

  /** An archive opened at `depth` (1: the file the user opened); refused deeper than MAX_ARCHIVE_DEPTH. */
  enterArchive(depth: number): void {
    if (depth > MAX_ARCHIVE_DEPTH) throw this.refusal(new CheckupError('CHK_PROFILE_TOO_DEEP', { name: this.name, limit: MAX_ARCHIVE_DEPTH }));
  }

  /** Whether `err` is this budget's refusal (or a gunzip stopped at what was left of it). */
  isRefusal(err: unknown): boolean {
    return typeof err === 'object' && err !== null && this.refusals.has(err);
  }

  private refusal(err: CheckupError): CheckupError {
    this.refusals.add(err);
    return err;
  }
}
