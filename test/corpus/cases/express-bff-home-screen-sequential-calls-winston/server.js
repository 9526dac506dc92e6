'use strict';
// A backend-for-frontend on Express for a shopping app's home screen. GET /home runs homeScreen, which asks four
// internal services (profile, recommendations, notifications, promotions; 40 ms each, here one slow backend process)
// one after another with await, although no call needs another's answer: four waits in a row where Promise.all
// would wait once. It then builds the screen (60 recommendation cards) and logs the whole composed screen with
// winston's JSON format at info, "for support", a second, smaller cost on the loop with every request.
const http = require('node:http');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const express = require('express');
const winston = require('winston');

// The slow backend runs as its own process (test/corpus/shared/backend.js), so this server has one listening port.
const { startDownstream, stopDownstream } = require('../../shared/backend.js');

let downstreamPort;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bff-log-')), 'home.log');
const logger = winston.createLogger({
  level: 'info',
  format: winston.format.combine(winston.format.timestamp(), winston.format.json()),
  transports: [new winston.transports.Stream({ stream: fs.createWriteStream(logFile) })],
});

function callService(service, userId) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: downstreamPort, path: `/${service}/${userId}`, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function card(userId, i, seed) {
  return { id: `p-${(seed * 31 + i * 7) % 9000}`, title: `Recommended product ${i} for user ${userId}`, priceCents: 499 + ((seed + i * 53) % 9000), badge: i % 5 === 0 ? 'deal' : null, image: `https://cdn.example/img/${(seed + i) % 9000}.jpg` };
}

async function homeScreen(userId) {
  const profile = await callService('profile', userId);
  const recommendations = await callService('recommendations', userId);
  const notifications = await callService('notifications', userId);
  const promotions = await callService('promotions', userId);
  const screen = {
    user: { id: userId, greeting: `Welcome back, customer ${userId}`, tier: profile.value % 3 ? 'silver' : 'gold' },
    cards: Array.from({ length: 60 }, (_, i) => card(userId, i, recommendations.value)),
    notifications: { unread: notifications.value % 9, at: notifications.at },
    banner: { id: `promo-${promotions.value}`, text: 'Winter sale: up to 40% off' },
  };
  logger.info('home screen composed', { userId, screen });
  return screen;
}

const app = express();
app.get('/home', async (req, res, next) => {
  try {
    res.json(await homeScreen(String(req.headers['x-user-id'] || '1')));
  } catch (err) {
    next(err);
  }
});
app.get('/health', (req, res) => res.json({ ok: true }));

let server;
function shutdown() {
  setTimeout(() => process.exit(0), 2000).unref();
  const closed = server && server.listening
    ? new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      })
    : Promise.resolve();
  Promise.all([closed, stopDownstream()]).then(() => {
    fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
    process.exit(0);
  });
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

startDownstream(40).then(
  (port) => {
    downstreamPort = port;
    server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
      console.log(`express-bff-home-screen-sequential-calls-winston listening on http://127.0.0.1:${server.address().port}`);
    });
  },
  (err) => {
    console.error(err.message);
    process.exit(1);
  },
);
