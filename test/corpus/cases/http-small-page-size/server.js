'use strict';
// A portfolio page. listAllProjects pages through the project service ten projects at a time (offset and limit),
// one page after another, so the 50 projects of an account take five ~12 ms round trips in a row, although the
// service accepts a limit of 100 and one call would do.
const http = require('node:http');

// The project service runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let projectsPort;
const agent = new http.Agent({ keepAlive: true });
const PAGE_SIZE = 10;
const PROJECTS_PER_ACCOUNT = 50;

function getJson(path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: projectsPort, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
  });
}

async function listAllProjects(account) {
  const projects = [];
  for (let offset = 0; offset < PROJECTS_PER_ACCOUNT; offset += PAGE_SIZE) {
    const page = await getJson(`/accounts/${account}/projects?offset=${offset}&limit=${PAGE_SIZE}`);
    for (let i = 0; i < PAGE_SIZE; i++) projects.push({ id: offset + i + 1, name: `Project ${offset + i + 1}`, score: (page.value + i) % 10 });
  }
  return projects;
}

const server = http.createServer(async (req, res) => {
  const match = /^\/accounts\/(\d+)\/projects$/.exec(req.url);
  if (!match) return res.writeHead(404).end();
  try {
    const projects = await listAllProjects(match[1]);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ account: Number(match[1]), count: projects.length, projects }));
  } catch (err) {
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: err.message }));
  }
});

function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  agent.destroy();
  const closed = new Promise((resolve) => {
    server.close(resolve);
    server.closeAllConnections();
  });
  Promise.all([closed, stopDownstream()]).then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(12).then(
  (port) => {
    projectsPort = port;
    server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`http-small-page-size listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
