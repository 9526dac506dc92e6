// A delivery-zone API in TypeScript on plain node:http. GET /zones/:postcode answers a postcode's delivery zone and
// depot. The postcode table (40,000 entries, a few MB in memory) is built on the first request and kept for the life
// of the process, as it should be: memory rises once, then stays flat. Nothing to fix.
import http from 'node:http';

interface Zone { postcode: string; zone: number; depot: string; days: number }

let table: Map<string, Zone> | undefined;

function loadPostcodeTable(): Map<string, Zone> {
  const depots = ['North', 'South', 'East', 'West', 'Central'];
  const zones = new Map<string, Zone>();
  for (let i = 0; i < 40000; i++) {
    const postcode = String(10000 + i);
    zones.set(postcode, { postcode, zone: 1 + (i % 9), depot: `${depots[i % 5]} depot ${1 + (i % 17)}`, days: 1 + (i % 4) });
  }
  return zones;
}

function zoneFor(postcode: string): Zone | undefined {
  if (!table) table = loadPostcodeTable();
  return table.get(postcode);
}

let counter = 0;
const server = http.createServer((req, res) => {
  const match = /^\/zones\/(\d+)$/.exec(req.url ?? '');
  if (!match) {
    res.writeHead(404).end();
    return;
  }
  // The load's postcode is a placeholder; each request asks for the next one of the table, as real traffic would.
  const postcode = match[1] === '0' ? String(10000 + ((counter++ * 13) % 40000)) : match[1];
  const zone = zoneFor(postcode);
  if (!zone) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"unknown postcode"}');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(zone));
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`http-ts-postcode-table-loaded-once listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});
function shutdown(): void {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
