// Which unit files (a multi-unit run's unit-*.cpuprofile and unit-*.samples.ndjson) belong in a session bundle: the
// ones its units.json names, and only names of that exact shape. A bundle is someone else's file, so a name comes in
// only when units.json names it (no stray or path-like names, and no more files than the run had units twice over);
// the bundle's size limits (app/share/bundle.ts) bound their bytes like every other file's.
import { isUnitFileName } from '../contract/session.js';
import { UnitsFileSchema } from '../contract/session-schemas.js';

/** The unit files units.json (its text, or undefined when there is none) names; an unreadable units.json names none. */
export function unitFilesNamed(unitsJson: string | undefined): Set<string> {
  if (unitsJson === undefined) return new Set();
  let raw: unknown;
  try {
    raw = JSON.parse(unitsJson);
  } catch {
    return new Set();
  }
  const parsed = UnitsFileSchema.safeParse(raw);
  if (!parsed.success) return new Set();
  const names = new Set<string>();
  for (const unit of parsed.data.units as Array<{ cpuProfile?: unknown; samples?: unknown }>) {
    for (const file of [unit.cpuProfile, unit.samples]) if (typeof file === 'string' && isUnitFileName(file)) names.add(file);
  }
  return names;
}

/** The unit files of a session folder to bundle: named by its units.json and present among `present`. */
export function unitFilesIn(unitsJson: string | undefined, present: string[]): string[] {
  const named = unitFilesNamed(unitsJson);
  return present.filter((name) => named.has(name));
}
