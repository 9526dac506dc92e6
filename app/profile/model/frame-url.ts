// One spelling for a frame's location. V8 writes CommonJS scripts as plain paths in some profiles (sampling heap
// profiles, stack traces) and as file:// URLs in others (CPU profiles); the same function must match across them.

export function normaliseFrameUrl(location: string): string {
  if (!location || location.startsWith('file://') || location.startsWith('node:')) return location;
  if (location.startsWith('/')) return 'file://' + encodeURI(location);
  if (/^[A-Za-z]:[\\/]/.test(location)) return 'file:///' + encodeURI(location.replace(/\\/g, '/'));
  return location;
}
