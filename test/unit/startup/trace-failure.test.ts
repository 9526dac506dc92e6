// Naming the module a failed traced start failed in, from the probe's record or the app's last output.
import { describe, expect, it } from 'vitest';
import { describeTraceFailure, errorLine, firstAppFrame } from '../../../app/startup/trace-failure.js';

const probeDir = '/opt/checkup/app/probe';
const output = [
  '/srv/app/node_modules/lodash/_baseGetTag.js:1',
  "var Symbol = require('./_Symbol'),",
  '                  ^',
  '',
  "TypeError: Cannot read properties of undefined (reading 'for')",
  '    at Object.<anonymous> (/srv/app/node_modules/lodash/_baseGetTag.js:1:19)',
  '    at Module.checkupCompile [as _compile] (/opt/checkup/app/probe/startup-cjs.cjs:123:20)',
  '    at Module._extensions..js (node:internal/modules/cjs/loader:1623:10)',
  '',
  'Node.js v20.20.2',
];

describe('trace failure', () => {
  it('takes the first frame outside Node and the probe, and the error line', () => {
    const probeFirst = [output[6]!, output[5]!];
    expect(firstAppFrame(probeFirst, probeDir)).toBe('/srv/app/node_modules/lodash/_baseGetTag.js');
    expect(firstAppFrame(['    at file:///srv/app/x.mjs:3:9', output[5]!], probeDir)).toBe('file:///srv/app/x.mjs');
    expect(firstAppFrame(['    at node:internal/main:1:1'], probeDir)).toBeNull();
    expect(errorLine(output)).toBe("TypeError: Cannot read properties of undefined (reading 'for')");
    expect(errorLine(['Error [ERR_REQUIRE_ESM]: require() of ES Module x'])).toMatch(/^Error \[ERR_REQUIRE_ESM\]/);
  });

  it("prefers the probe's record of the module, with the output's reason", () => {
    expect(describeTraceFailure({ file: '/srv/app/a.js', error: '' }, output, probeDir, 'exited')).toEqual({ module: '/srv/app/a.js', reason: "TypeError: Cannot read properties of undefined (reading 'for')" });
    expect(describeTraceFailure(undefined, output, probeDir, 'exited')).toEqual({ module: '/srv/app/node_modules/lodash/_baseGetTag.js', reason: "TypeError: Cannot read properties of undefined (reading 'for')" });
    expect(describeTraceFailure(undefined, ['nothing useful'], probeDir, 'The app neither listened nor exited')).toEqual({ module: null, reason: 'The app neither listened nor exited' });
  });
});
