'use strict';
// Where the app made its database pools: the line that sets a pool's size (`new Pool({ max })`, `mysql.createPool`,
// `new Sequelize(..., { pool })`, `knex({ pool })`) is what a "pool too small" finding asks the user to change. The
// pool classes are made at the app's start, long before a query shows which pools matter, so their files are watched
// as Node loads them (one suffix test per loaded file) and their class answers `new` through a proxy that keeps the
// app's line. Only the construction is seen: the pool's methods and its instances are the driver's own.
const { safe } = require('./util.cjs');
const { captureSite } = require('./call-site.cjs');
const path = require('path');

/** The files whose export makes pools: the class itself, or the export's `Pool`. */
const POOL_CLASSES = [
  { pkg: 'pg-pool', file: 'index.js' },
  { pkg: 'mysql2', file: 'lib/pool.js' },
  { pkg: 'mysql', file: 'lib/Pool.js' },
  { pkg: 'sequelize-pool', file: 'lib/Pool.js', property: 'Pool' },
  { pkg: 'tarn', file: 'dist/Pool.js', property: 'Pool' },
].map((c) => ({ ...c, suffix: path.join('node_modules', c.pkg, c.file) }));

/** An ORM's pool is made some 10-20 frames below the app's `new Sequelize(...)` or `knex(...)`. */
const MADE_SITE_DEPTH = 40;

function watchPoolMaking(Module = require('module')) {
  const madeAt = new WeakMap(); // pool -> the app's line that made it
  const proxies = new WeakSet();
  const extensions = Module._extensions;
  const loader = extensions && extensions['.js'];
  if (typeof loader !== 'function') return { siteOf: () => undefined, stop() {} };

  function proxied(Class) {
    if (typeof Class !== 'function' || proxies.has(Class)) return Class;
    const proxy = new Proxy(Class, {
      construct(target, args, newTarget) {
        const pool = Reflect.construct(target, args, newTarget);
        safe(() => {
          const site = captureSite(undefined, MADE_SITE_DEPTH);
          if (site && !site.fromDependency && pool && typeof pool === 'object') madeAt.set(pool, site);
        });
        return pool;
      },
    });
    proxies.add(proxy);
    return proxy;
  }

  function checkupPoolFiles(module, filename) {
    const result = loader.apply(this, arguments);
    if (typeof filename === 'string' && filename.endsWith('.js')) {
      const known = POOL_CLASSES.find((c) => filename.endsWith(c.suffix));
      if (known)
        safe(() => {
          if (known.property) {
            const exported = module.exports;
            if (exported && Object.getOwnPropertyDescriptor(exported, known.property)?.writable) exported[known.property] = proxied(exported[known.property]);
          } else module.exports = proxied(module.exports);
        });
    }
    return result;
  }
  extensions['.js'] = checkupPoolFiles;

  return {
    /** The app's line that made this pool, when it was made after the probe started. */
    siteOf: (pool) => (pool && typeof pool === 'object' ? madeAt.get(pool) : undefined),
    stop() {
      if (extensions['.js'] === checkupPoolFiles) extensions['.js'] = loader;
    },
  };
}

module.exports = { watchPoolMaking };
