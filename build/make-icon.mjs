#!/usr/bin/env node
// Draws the app icon, a dark rounded square with a pulse line, at every size the platforms use: build/icons/NxN.png
// (Linux's icon set, 16 to 1024) and build/icon.png (1024x1024, which electron-builder turns into macOS's .icns and
// Windows' .ico). Each size is drawn at that size, not scaled down, with a stroke kept visible at 16 px. Plain Node
// (zlib) so the icons can be regenerated anywhere: `node build/make-icon.mjs`; the PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

const BG = [29, 32, 39];
const LINE = [74, 222, 128];
// The pulse: flat, a small bump, a tall spike down and up, flat again (in 0..1 coordinates).
const PULSE = [[0.14, 0.56], [0.34, 0.56], [0.40, 0.48], [0.45, 0.56], [0.50, 0.56], [0.56, 0.26], [0.63, 0.78], [0.69, 0.56], [0.86, 0.56]];

/** Geometry at `size` px: the 512 px design scaled, the stroke never under 1.5 px. */
function geometry(size) {
  const k = size / 512;
  return { size, radius: 96 * k, margin: 24 * k, stroke: Math.max(1.5, 22 * k), pulse: PULSE.map(([x, y]) => [x * size, y * size]) };
}

function insideRoundedSquare(g, x, y) {
  const { size, radius, margin: m } = g;
  const cx = Math.min(Math.max(x, m + radius), size - m - radius);
  const cy = Math.min(Math.max(y, m + radius), size - m - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2 && x >= m && y >= m && x <= size - m && y <= size - m;
}

function distanceToPulse(g, x, y) {
  const PULSE = g.pulse;
  let best = Infinity;
  for (let i = 1; i < PULSE.length; i++) {
    const [ax, ay] = PULSE[i - 1];
    const [bx, by] = PULSE[i];
    const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
    best = Math.min(best, Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))));
  }
  return best;
}

/** RGBA rows of the icon at `size`, each prefixed by PNG's filter byte (0). 4x4 supersampling for smooth edges. */
function drawRows(size) {
  const g = geometry(size);
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      let bg = 0;
      let line = 0;
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const px = x + (sx + 0.5) / 4;
          const py = y + (sy + 0.5) / 4;
          if (!insideRoundedSquare(g, px, py)) continue;
          bg++;
          if (distanceToPulse(g, px, py) <= g.stroke / 2) line++;
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
  return rows;
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

/** The icon at `size` x `size` as PNG bytes (deterministic: the same bytes every time). */
export function renderIcon(size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(drawRows(size)), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const here = dirname(fileURLToPath(import.meta.url));
  mkdirSync(join(here, 'icons'), { recursive: true });
  for (const size of ICON_SIZES) {
    const png = renderIcon(size);
    const out = join(here, 'icons', `${size}x${size}.png`);
    writeFileSync(out, png);
    if (size === 1024) writeFileSync(join(here, 'icon.png'), png);
    console.log(`wrote ${out} (${png.length} bytes)`);
  }
}
