import { describe, expect, it } from 'vitest';
import { classifyFrame, packageFromPath } from '../../../app/profile/model/classify.js';

describe('classifyFrame', () => {
  it.each([
    ['(garbage collector)', '', 'gc'],
    ['(idle)', '', 'idle'],
    ['(program)', '', 'program'],
    ['(root)', '', 'v8'],
    ['(V8 API)', '', 'v8'],
    ['(anonymous)', '', 'app'],
    ['[GC Young Gen]', '', 'gc'],
    ['sort', '', 'native'],
    ['consoleCall', '', 'native'],
    ['toString', '', 'native'],
    ['emit', 'node:events', 'node-core'],
    ['Module._load', 'node:internal/modules/cjs/loader', 'node-core'],
    ['emitTwo', 'events.js', 'node-core'],
    ['_tickCallback', 'internal/process/next_tick.js', 'node-core'],
    ['handler', 'file:///srv/app/server.js', 'app'],
    ['handler', '/srv/app/server.js', 'app'],
    ['handler', 'C:\\app\\server.js', 'app'],
    ['', 'native dummy.js', 'v8'],
    ['fn', 'http://localhost:8081/index.bundle', 'app'],
  ])('%s @ %s is %s', (name, url, category) => {
    expect(classifyFrame(name, url).category).toBe(category);
  });

  it('names the npm package of dependency frames, scoped, nested and pnpm-style', () => {
    expect(classifyFrame('handle', 'file:///srv/app/node_modules/express/lib/router/layer.js')).toEqual({ category: 'dependency', package: 'express' });
    expect(classifyFrame('send', 'file:///srv/app/node_modules/@aws-sdk/client-s3/dist/index.js').package).toBe('@aws-sdk/client-s3');
    expect(classifyFrame('debug', '/srv/app/node_modules/express/node_modules/debug/src/node.js').package).toBe('debug');
    expect(classifyFrame('x', 'file:///srv/app/node_modules/.pnpm/lodash@4.17.21/node_modules/lodash/lodash.js').package).toBe('lodash');
    expect(classifyFrame('x', 'file:///srv/app/node_modules/%40scope/pkg/index.js').package).toBe('@scope/pkg');
    expect(classifyFrame('x', 'C:\\srv\\node_modules\\@s\\p\\i.js').package).toBe('@s/p');
  });

  it('does not take an app folder merely named like a package for a dependency', () => {
    expect(classifyFrame('x', 'file:///srv/node_modules_backup/app.js').category).toBe('app');
    expect(packageFromPath('file:///srv/app/node_modules/')).toBeUndefined();
  });
});
