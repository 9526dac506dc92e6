'use strict';
// The compiled app: src/*.ts built by tsc (tsconfig.json: outDir dist, no source maps) into dist/, which is kept in
// the repository beside src/ so the case starts without a build. Rebuild with
// `npx tsc -p test/corpus/cases/express-ts-tsc-dist-fare-matrix` after changing src/.
require('./dist/server.js');
