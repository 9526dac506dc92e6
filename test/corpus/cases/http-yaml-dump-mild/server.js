'use strict';
// A configuration service. The ops tooling reads the effective configuration as YAML, and renderConfigYaml
// serialises the whole configuration (about 450 settings in nested sections) with js-yaml dump on every
// /config.yaml request, although the configuration only changes at deploy time.
const http = require('node:http');
const yaml = require('js-yaml');

function buildConfig() {
  const config = { service: { name: 'billing', region: 'eu-west-1', replicas: 4 }, sections: {} };
  const sections = ['database', 'cache', 'queue', 'mail', 'payments', 'search', 'storage', 'auth', 'logging', 'metrics'];
  sections.forEach((section, s) => {
    const settings = {};
    for (let i = 0; i < 45; i++) {
      const kind = (s + i) % 5;
      settings[`${section}_setting_${i}`] = kind === 0 ? `value-${s}-${i}` : kind === 1 ? (s + 1) * (i + 3) : kind === 2 ? i % 2 === 0 : kind === 3 ? [`${section}-a`, `${section}-b`, i] : { host: `${section}.internal`, port: 5000 + i };
    }
    config.sections[section] = settings;
  });
  return config;
}

const config = buildConfig();

function renderConfigYaml() {
  return yaml.dump(config, { sortKeys: true, lineWidth: 120 });
}

const server = http.createServer((req, res) => {
  if (req.url === '/config.yaml') {
    const body = renderConfigYaml();
    res.writeHead(200, { 'content-type': 'application/yaml', 'content-length': Buffer.byteLength(body) });
    return res.end(body);
  }
  res.writeHead(404).end();
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-yaml-dump-mild listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
