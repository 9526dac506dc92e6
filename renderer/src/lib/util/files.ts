// What a file handed to the window is, by its name: a session bundle is imported as a session; anything else is
// offered to the profile importer, which recognises formats by content.

/** A session bundle (Export bundle): `<id>.checkup`. */
export function isBundleName(name: string): boolean {
  return /\.checkup$/i.test(name.trim());
}
