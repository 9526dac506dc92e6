// A reporting API in TypeScript on plain node:http, run by Node's own type stripping (no build step). GET
// /reports/:region.json answers the region's monthly report; clients send `accept-encoding: br`, and compressReport
// compresses the 55 KB JSON with zlib.brotliCompressSync and the default parameters, which means quality 11, the
// slowest setting, meant for assets compressed once at build time. Each report is a long synchronous stretch.
import http from 'node:http';
import zlib from 'node:zlib';

interface LineItem {
  sku: string;
  units: number;
  revenueCents: number;
  returns: number;
  week: number;
}
interface Report {
  region: string;
  month: string;
  lines: LineItem[];
}

const REGIONS: readonly string[] = ['north', 'south', 'east', 'west'];
const reports = new Map<string, string>();
for (const [r, region] of REGIONS.entries()) {
  const lines: LineItem[] = [];
  for (let i = 0; i < 700; i++) {
    lines.push({ sku: `SKU-${(i * 7919 + r) % 100000}`, units: (i * 13 + r) % 400, revenueCents: ((i * 104729) % 9000000) + r, returns: (i + r) % 9, week: 1 + (i % 4) });
  }
  const report: Report = { region, month: '2026-10', lines };
  reports.set(region, JSON.stringify(report));
}

function compressReport(json: string): Buffer {
  return zlib.brotliCompressSync(json);
}

function send(res: http.ServerResponse, status: number, body: string | Buffer, headers: http.OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

const server = http.createServer((req, res) => {
  const match = /^\/reports\/([a-z]+)\.json$/.exec(req.url ?? '');
  if (req.url === '/health') return send(res, 200, '{"ok":true}');
  const json = match?.[1] === undefined ? undefined : reports.get(match[1]);
  if (json === undefined) return send(res, 404, '{"error":"no such report"}');
  if (/\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''))) return send(res, 200, compressReport(json), { 'content-encoding': 'br', vary: 'accept-encoding' });
  return send(res, 200, json);
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  const address = server.address() as { port: number };
  console.log(`http-ts-brotli-max-quality-report listening on http://127.0.0.1:${address.port}`);
});
function shutdown(): void {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
