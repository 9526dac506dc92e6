// A building-monitoring service on plain node:http (an ES module). GET /sensors/:id/chart.png draws the sensor's last
// 24 hours (temperature, humidity and CO2, one point a minute, ending at the current minute) as a 640x320 PNG line
// chart: renderChart paints the grid and the three series into an RGBA buffer, and encodePng adds PNG's filter bytes,
// deflates the image with zlib's asynchronous deflate (the threadpool) and writes the chunks with their CRCs. Every
// chart is different (another sensor, another minute), the encoding is done once per answer, and the rate is modest:
// drawing a picture is what this route is for. GET /sensors/:id is the latest reading as JSON. Nothing to fix.
import http from 'node:http';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const deflate = promisify(zlib.deflate);
const WIDTH = 640;
const HEIGHT = 320;
const POINTS = 1440;

const CRC_TABLE = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
function crc32(buf) {
  let c = -1;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function reading(sensor, minute, series) {
  const t = (minute % 1440) / 1440;
  const base = [21, 45, 600][series];
  const swing = [3, 12, 350][series];
  return base + swing * Math.sin(2 * Math.PI * (t + sensor / 17 + series / 5)) + (((minute * (sensor + 3) * (series + 7)) % 13) - 6) * swing * 0.02;
}

function renderChart(sensor, nowMinute) {
  const img = Buffer.alloc(WIDTH * HEIGHT * 4, 255);
  const plot = (x, y, [r, g, b]) => {
    for (let dy = 0; dy < 2; dy++) {
      const yy = y + dy;
      if (x < 0 || x >= WIDTH || yy < 0 || yy >= HEIGHT) continue;
      const i = (yy * WIDTH + x) * 4;
      img[i] = r;
      img[i + 1] = g;
      img[i + 2] = b;
    }
  };
  for (let y = 20; y < HEIGHT; y += 40) for (let x = 0; x < WIDTH; x++) plot(x, y, [225, 225, 225]);
  for (let x = 0; x < WIDTH; x += 80) for (let y = 0; y < HEIGHT; y++) plot(x, y, [225, 225, 225]);
  const colours = [[220, 60, 40], [40, 110, 220], [60, 160, 70]];
  for (let s = 0; s < 3; s++) {
    const values = Array.from({ length: POINTS }, (_, i) => reading(sensor, nowMinute - POINTS + i, s));
    const min = Math.min(...values);
    const span = Math.max(...values) - min || 1;
    let px = 0;
    let py = Math.round(HEIGHT - 10 - ((values[0] - min) / span) * (HEIGHT - 20));
    for (let i = 1; i < POINTS; i++) {
      const x = Math.round((i / (POINTS - 1)) * (WIDTH - 1));
      const y = Math.round(HEIGHT - 10 - ((values[i] - min) / span) * (HEIGHT - 20));
      const steps = Math.max(Math.abs(x - px), Math.abs(y - py), 1);
      for (let k = 0; k <= steps; k++) plot(Math.round(px + ((x - px) * k) / steps), Math.round(py + ((y - py) * k) / steps), colours[s]);
      px = x;
      py = y;
    }
  }
  return img;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

async function encodePng(img) {
  const raw = Buffer.alloc((WIDTH * 4 + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) img.copy(raw, y * (WIDTH * 4 + 1) + 1, y * WIDTH * 4, (y + 1) * WIDTH * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', await deflate(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const chart = url.pathname.match(/^\/sensors\/(\d+)\/chart\.png$/);
  const minute = Math.floor(Date.now() / 60000);
  if (chart) {
    encodePng(renderChart(Number(chart[1]), minute)).then((png) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length, 'cache-control': 'max-age=60' });
      res.end(png);
    }, () => {
      res.writeHead(500);
      res.end();
    });
    return;
  }
  const latest = url.pathname.match(/^\/sensors\/(\d+)$/);
  if (latest) {
    const id = Number(latest[1]);
    const body = JSON.stringify({ sensor: id, minute, temperature: reading(id, minute, 0), humidity: reading(id, minute, 1), co2: reading(id, minute, 2) });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    return res.end(body);
  }
  res.writeHead(404);
  res.end();
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-esm-sensor-chart-png-modest-rate listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
