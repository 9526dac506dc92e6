'use strict';
// Which node processes only start another one: the probes stay dormant in them so they activate in the app itself.

/**
 * npm, npx, yarn, pnpm and corepack (and env-setting shims such as cross-env, and tsx's CLI) are node processes that start the
 * real app as a child. argv[1] tells; it is an absolute path, possibly a node_modules/.bin symlink, so both the file
 * name and the package folder are checked.
 */
function isLauncher(script) {
  if (!script) return false;
  const path = String(script).replace(/\\/g, '/');
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.(c|m)?js$/, '');
  if (/^(npm-cli|npx-cli|npm|npx|yarn|yarnpkg|pnpm|pnpx|corepack|cross-env|cross-env-shell)$/.test(base)) return true;
  // tsx's command line (`tsx server.ts`, `tsx watch`) starts the app in a child node with its loader; its other files
  // (`node --import tsx`) run inside the app itself, so only the CLI counts.
  if (/(^|\/)tsx$|\/node_modules\/tsx\/dist\/cli\.(c|m)?js$/.test(path)) return true;
  return /\/node_modules\/(npm|yarn|pnpm|corepack|cross-env|@yarnpkg\/cli-dist)\//.test(path);
}

module.exports = { isLauncher };
