'use strict';
// A firmware update service. Devices poll the manifest of their image (name, size, CRC-32) to decide whether to
// download it, and checksumOf computes that CRC-32 in pure JavaScript over the whole 256 KB image on every poll,
// although images never change while the server runs; caching the checksum would remove most of the cost of a
// request (around half a millisecond).
const http = require('node:http');

const CRC_TABLE = new Int32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  CRC_TABLE[n] = c;
}

const images = {};
for (const [name, seed] of [['sensor-v3', 7], ['gateway-v1', 11]]) {
  const image = Buffer.alloc(256 * 1024);
  for (let i = 0; i < image.length; i++) image[i] = (i * seed + (i >> 8)) & 0xff;
  images[name] = image;
}

function checksumOf(image) {
  let crc = -1;
  for (let i = 0; i < image.length; i++) crc = CRC_TABLE[(crc ^ image[i]) & 0xff] ^ (crc >>> 8);
  return ((crc ^ -1) >>> 0).toString(16).padStart(8, '0');
}

const server = http.createServer(function serveManifest(req, res) {
  const match = /^\/firmware\/([\w-]+)\/manifest$/.exec(req.url);
  const image = match && images[match[1]];
  res.setHeader('content-type', 'application/json');
  if (!image) {
    res.statusCode = 404;
    return res.end('{"error":"no such image"}');
  }
  res.end(JSON.stringify({ name: match[1], size: image.length, crc32: checksumOf(image) }));
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-crc32-checksum-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
