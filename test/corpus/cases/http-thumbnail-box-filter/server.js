'use strict';
// A photo gallery API. The decoded originals (RGBA, 2,000 x 1,500) stay in memory after upload; GET
// /photos/:id/thumbnail resizes the original with a hand-written box filter on every request, visiting all twelve
// million bytes of it, instead of resizing once at upload time. The metadata route is cheap.
const http = require('node:http');

const SRC_W = 2000;
const SRC_H = 1500;
const THUMB_W = 240;
const THUMB_H = 180;

// Deterministic stand-ins for decoded uploads: smooth gradients with a per-photo tint.
function decodeUpload(id) {
  const pixels = new Uint8Array(SRC_W * SRC_H * 4);
  for (let y = 0; y < SRC_H; y++) {
    for (let x = 0; x < SRC_W; x++) {
      const o = (y * SRC_W + x) * 4;
      pixels[o] = (x * 255 / SRC_W + id * 40) & 255;
      pixels[o + 1] = (y * 255 / SRC_H) & 255;
      pixels[o + 2] = ((x ^ y) + id * 17) & 255;
      pixels[o + 3] = 255;
    }
  }
  return { id, title: `Photo ${id}`, width: SRC_W, height: SRC_H, takenAt: `2026-0${id}-14T10:2${id}:00Z`, pixels };
}

const photos = new Map([1, 2, 3].map((id) => [id, decodeUpload(id)]));

// Averages every block of source pixels into one thumbnail pixel, channel by channel.
function resizeImage(src, srcW, srcH, dstW, dstH) {
  const dst = new Uint8Array(dstW * dstH * 4);
  const sums = new Float64Array(dstW * 4);
  const counts = new Float64Array(dstW);
  for (let ty = 0; ty < dstH; ty++) {
    const y0 = Math.floor((ty * srcH) / dstH);
    const y1 = Math.floor(((ty + 1) * srcH) / dstH);
    sums.fill(0);
    counts.fill(0);
    for (let y = y0; y < y1; y++) {
      for (let x = 0; x < srcW; x++) {
        const tx = Math.floor((x * dstW) / srcW);
        const o = (y * srcW + x) * 4;
        for (let c = 0; c < 4; c++) sums[tx * 4 + c] += src[o + c];
        counts[tx]++;
      }
    }
    for (let tx = 0; tx < dstW; tx++) {
      for (let c = 0; c < 4; c++) dst[(ty * dstW + tx) * 4 + c] = Math.round(sums[tx * 4 + c] / counts[tx]);
    }
  }
  return dst;
}

// The thumbnail is sent as a binary PAM (netpbm RGBA) image.
function toPam(pixels, w, h) {
  const header = Buffer.from(`P7\nWIDTH ${w}\nHEIGHT ${h}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n`);
  return Buffer.concat([header, Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength)]);
}

const server = http.createServer((req, res) => {
  const m = /^\/photos\/(\d+)(\/thumbnail)?$/.exec(req.url);
  const photo = m && photos.get(Number(m[1]));
  if (req.method !== 'GET' || !photo) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end('{"error":"not found"}');
  }
  if (m[2]) {
    const body = toPam(resizeImage(photo.pixels, photo.width, photo.height, THUMB_W, THUMB_H), THUMB_W, THUMB_H);
    res.writeHead(200, { 'content-type': 'image/x-portable-arbitrarymap', 'content-length': body.length });
    return res.end(body);
  }
  const body = JSON.stringify({ id: photo.id, title: photo.title, width: photo.width, height: photo.height, takenAt: photo.takenAt });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-thumbnail-box-filter listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
