// A map tile service, an ES module on plain node:http. GET /tiles/:z/:x/:y.raw answers a 64x64 RGBA tile in the
// requested colour theme: renderTile fills the tile's pixels from its coordinates and applyColourMatrix applies the
// theme's 4x5 colour matrix to every pixel, in place, in one typed-array pass. Each tile is different, so the work
// is the service's purpose (caching would help only for repeated tiles), and it is done sensibly. Nothing to fix.
import http from 'node:http';

const SIZE = 64;
const THEMES = {
  night: [0.3, 0.2, 0.1, 0, 0, 0.1, 0.3, 0.1, 0, 0, 0.1, 0.2, 0.6, 0, 20, 0, 0, 0, 1, 0],
  sepia: [0.39, 0.77, 0.19, 0, 0, 0.35, 0.69, 0.17, 0, 0, 0.27, 0.53, 0.13, 0, 0, 0, 0, 0, 1, 0],
};

function renderTile(z, x, y) {
  const pixels = new Uint8ClampedArray(SIZE * SIZE * 4);
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      const o = (py * SIZE + px) * 4;
      pixels[o] = (x * 13 + px * 3 + z) & 255;
      pixels[o + 1] = (y * 7 + py * 5) & 255;
      pixels[o + 2] = (px ^ py ^ (x + y)) & 255;
      pixels[o + 3] = 255;
    }
  }
  return pixels;
}

function applyColourMatrix(pixels, m) {
  for (let o = 0; o < pixels.length; o += 4) {
    const r = pixels[o], g = pixels[o + 1], b = pixels[o + 2], a = pixels[o + 3];
    pixels[o] = m[0] * r + m[1] * g + m[2] * b + m[3] * a + m[4];
    pixels[o + 1] = m[5] * r + m[6] * g + m[7] * b + m[8] * a + m[9];
    pixels[o + 2] = m[10] * r + m[11] * g + m[12] * b + m[13] * a + m[14];
    pixels[o + 3] = m[15] * r + m[16] * g + m[17] * b + m[18] * a + m[19];
  }
  return pixels;
}

let counter = 0;
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const match = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.raw$/.exec(url.pathname);
  const theme = THEMES[url.searchParams.get('theme') || 'night'];
  if (!match || !theme) {
    res.writeHead(404).end();
    return;
  }
  // The load pans across the map: each request asks for the next tile of a 40x40 area at its zoom.
  const n = counter++;
  const [z, x, y] = [Number(match[1]), Number(match[2]) + (n % 40), Number(match[3]) + (Math.floor(n / 40) % 40)];
  const tile = applyColourMatrix(renderTile(z, x, y), theme);
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': tile.length }).end(Buffer.from(tile.buffer));
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-esm-tile-colour-matrix listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
