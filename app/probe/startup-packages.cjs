'use strict';
// Which package a module belongs to, decided once for the start-up probe and everything that reads its records: the
// folder after the last node_modules in its path (with its @scope), or null for the app's own files.

function packageOf(fileOrUrl) {
  let path = String(fileOrUrl);
  if (path.startsWith('file://')) {
    try {
      path = decodeURIComponent(new URL(path).pathname);
    } catch {
      return null;
    }
  }
  path = path.replace(/\\/g, '/');
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const parts = path.slice(at + '/node_modules/'.length).split('/');
  if (!parts[0]) return null;
  return parts[0].startsWith('@') && parts[1] ? parts[0] + '/' + parts[1] : parts[0];
}

module.exports = { packageOf };
