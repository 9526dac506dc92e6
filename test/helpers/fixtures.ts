// The shared, read-only profile fixtures (../shared/fixtures/profiles from the repo root). Tests reach them only
// through this helper.
import { join, resolve } from 'node:path';
import { rootDir } from '../../app/paths.js';

export const PROFILE_FIXTURES = resolve(rootDir, '..', 'shared', 'fixtures', 'profiles');

export function profileFixture(relative: string): string {
  return join(PROFILE_FIXTURES, relative);
}
