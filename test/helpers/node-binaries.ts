// The Node binaries the suite runs targets on: the one running the tests (Node 20) and the Node 22 and 24 binaries
// that `npm install` puts in the checkout's node_modules (optionalDependencies node22/node24), wherever it lives.
import { join } from 'node:path';
import { rootDir } from '../../app/paths.js';

const shipped = (major: number): string => join(rootDir, 'node_modules', `node${major}`, 'bin', 'node');

export const NODE20 = process.execPath;
export const NODE22 = shipped(22);
export const NODE24 = shipped(24);
