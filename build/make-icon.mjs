#!/usr/bin/env node
// Draws build/icon.png (512x512), the app icon electron-builder turns into each platform's format: a dark rounded
// square with a pulse line. Plain Node (zlib) so the icon can be regenerated anywhere: `node build/make-icon.mjs`.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SIZE = 512;
const RADIUS = 96;
const BG = [29, 32, 39];
const LINE = [74, 222, 128];
const STROKE = 22;
// The pulse: flat, a small bump, a tall spike down and up, flat again (in 0..1 coordinates).
const PULSE = [[0.14, 0.56], [0.34, 0.56], [0.40, 0.48], [0.45, 0.56], [0.50, 0.56], [0.56, 0.26], [0.63, 0.78], [0.69, 0.56], [0.86, 0.56]].map(([x, y]) => [x * SIZE, y * SIZE]);

function insideRoundedSquare(x, y) {
  const m = 24;
  const cx = Math.min(Math.max(x, m + RADIUS), SIZE - m - RADIUS);
  const cy = Math.min(Math.max(y, m + RADIUS), SIZE - m - RADIUS);
  return (x - cx) ** 2 + (y - cy) ** 2 <= RADIUS ** 2 && x >= m && y >= m && x <= SIZE - m && y <= SIZE - m;
}

function distanceToPulse(x, y) {
  let best = Infinity;
  for (let i = 1; i < PULSE.length; i++) {
    const [ax, ay] = PULSE[i - 1];
    const [bx, by] = PULSE[i];
    const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
    best = Math.min(best, Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))));
  }
  return best;
}

// 4x4 supersampling for smooth edges.
const rows = [];
for (let y = 0; y < SIZE; y++) {
  const row = Buffer.alloc(1 + SIZE * 4);
  for (let x = 0; x < SIZE; x++) {
    let bg = 0;
    let line = 0;
    for (let sy = 0; sy < 4; sy++) {
      for (let sx = 0; sx < 4; sx++) {
        const px = x + (sx + 0.5) / 4;
        const py = y + (sy + 0.5) / 4;
        if (!insideRoundedSquare(px, py)) continue;
        bg++;
        if (distanceToPulse(px, py) <= STROKE / 2) line++;
      }
    }
    const a = bg / 16;
    const l = bg ? line / bg : 0;
    const o = 1 + x * 4;
    for (let c = 0; c < 3; c++) row[o + c] = Math.round(BG[c] * (1 - l) + LINE[c] * l);
    row[o + 3] = Math.round(a * 255);
  }
  rows.push(row);
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(buf) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = join(dirname(fileURLToPath(import.meta.url)), 'icon.png');
writeFileSync(out, png);
console.log(`wrote ${out} (${png.length} bytes)`);
