'use strict';
// An internal configuration service that receives a trickle of traffic (20 requests a second). Each answer is a
// small JSON document from memory; the process is idle nearly all the time.
const http = require('node:http');

const config = { featureA: true, featureB: false, maxItems: 50, regions: ['eu', 'us'] };

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  let status = 200;
  let value;
  if (url.pathname === '/config') value = config;
  else if (url.pathname.startsWith('/config/')) {
    const key = url.pathname.slice('/config/'.length);
    if (Object.hasOwn(config, key)) value = { [key]: config[key] };
    else {
      status = 404;
      value = { error: 'unknown key' };
    }
  } else {
    status = 404;
    value = { error: 'not found' };
  }
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-idle-rate listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
