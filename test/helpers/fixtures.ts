// The real profile fixtures, in the repo under test/fixtures/profiles/<tool>/<version>/ (provenance and licence in
// its README.md). Tests reach them only through this helper.
import { join } from 'node:path';
import { rootDir } from '../../app/paths.js';

export const PROFILE_FIXTURES = join(rootDir, 'test', 'fixtures', 'profiles');

export function profileFixture(relative: string): string {
  return join(PROFILE_FIXTURES, relative);
}
