// Many profiles opened as one set: a folder (a fleet export, `node --cpu-prof` output with one file per thread or
// process) or a tar archive of them. Every file is imported on its own; the set is the merged profile of the files
// that share the first file's unit, then each file's profiles side by side. Files that are not profiles are skipped
// and named in a warning; a set with no profile at all is refused like a single file would be.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProfileFormat } from '../../contract/profile.js';
import { CheckupError } from '../../errors.js';
import { mergeProfiles } from '../model/merge.js';
import { Profile } from '../model/profile.js';
import { MAX_SET_FILES } from './archive-budget.js';
import { formatBytes, type ProfileInput } from './source.js';

export { MAX_SET_FILES } from './archive-budget.js';

export interface SetMember {
  name: string;
  input: ProfileInput;
}

interface Imported {
  format: ProfileFormat;
  profiles: Profile[];
  warnings: string[];
}

export type ImportOne = (input: ProfileInput) => Promise<Imported>;

/** The files directly inside a folder (not its subfolders), in name order, within the count and size limits. */
export async function folderMembers(dir: string, maxBytes: number): Promise<SetMember[]> {
  const names = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => e.name).sort();
  if (names.length === 0) throw new CheckupError('CHK_PROFILE_EMPTY', { name: dir });
  if (names.length > MAX_SET_FILES) throw new CheckupError('CHK_PROFILE_TOO_LARGE', { name: dir, size: `${names.length} files`, limit: `${MAX_SET_FILES} files` });
  let total = 0;
  for (const name of names) total += (await stat(join(dir, name))).size;
  if (total > maxBytes) throw new CheckupError('CHK_PROFILE_TOO_LARGE', { name: dir, size: formatBytes(total), limit: formatBytes(maxBytes) });
  return names.map((name) => ({ name, input: { path: join(dir, name) } }));
}

/** `refusesSet`: a member's error that refuses the whole set (a budget spent) rather than skipping the member. */
export async function importSet(setName: string, members: SetMember[], importOne: ImportOne, signal?: AbortSignal, refusesSet: (err: unknown) => boolean = () => false): Promise<Imported> {
  const opened: Array<{ name: string; result: Imported }> = [];
  const skipped: string[] = [];
  let firstError: unknown;
  for (const member of members) {
    if (signal?.aborted) throw new CheckupError('CHK_CANCELLED');
    try {
      opened.push({ name: member.name, result: await importOne(member.input) });
    } catch (err) {
      if ((err instanceof CheckupError && err.code === 'CHK_CANCELLED') || refusesSet(err)) throw err;
      firstError ??= err;
      skipped.push(`${member.name} (${err instanceof CheckupError ? err.code : 'unreadable'})`);
    }
  }
  if (opened.length === 0) throw firstError ?? new CheckupError('CHK_PROFILE_EMPTY', { name: setName });
  const warnings: string[] = [];
  if (skipped.length) warnings.push(`${skipped.length} of ${members.length} files were not read as profiles: ${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? ', …' : ''}.`);
  const unit = opened[0]!.result.profiles[0]!.unit;
  // Each file's first profile is its default (pprof's default sample type, a trace's main thread).
  const mergeable = opened.map((o) => o.result.profiles[0]!).filter((p) => p.unit === unit);
  const perFile = opened.flatMap(({ name, result }) => result.profiles.map((p) => renamed(p, result.profiles.length > 1 ? `${name} · ${p.name}` : name)));
  const profiles = mergeable.length > 1 ? [mergeProfiles(mergeable, `all ${mergeable.length} files (merged)`), ...perFile] : perFile;
  if (mergeable.length > 1 && mergeable.length < opened.length) warnings.push(`The merged profile holds the ${mergeable.length} files that count ${unit}; the others are listed on their own.`);
  for (const { result } of opened) for (const w of result.warnings) if (!warnings.includes(w)) warnings.push(w);
  const formats = new Set(opened.map((o) => o.result.format));
  return { format: opened[0]!.result.format, profiles, warnings: formats.size > 1 ? [`The set mixes formats (${[...formats].join(', ')}).`, ...warnings] : warnings };
}

function renamed(profile: Profile, name: string): Profile {
  return profile.name === name ? profile : Profile.fromData({ ...profile.toData(), name });
}
