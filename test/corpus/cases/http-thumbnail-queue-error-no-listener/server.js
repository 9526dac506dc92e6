'use strict';
// An upload service on plain node:http. POST /uploads accepts a photo and queues a thumbnail job; a worker loop
// (drainQueue) works through 10 jobs every 50 ms. The queue is an EventEmitter, and enqueueThumbnail, when the queue
// already holds 100 jobs, emits 'error' to say the queue is full; nobody ever added an 'error' listener, so Node
// throws the error from emit inside the request handler, nothing catches it, and the process dies. One upload at a
// time never fills the queue; the load does.
const http = require('node:http');
const { EventEmitter } = require('node:events');

const thumbnails = new EventEmitter();
const queue = [];
let made = 0;

function enqueueThumbnail(job) {
  if (queue.length >= 100) {
    thumbnails.emit('error', new Error(`thumbnail queue full (${queue.length} jobs)`));
    return;
  }
  queue.push(job);
}

function drainQueue() {
  for (const job of queue.splice(0, 10)) {
    made++;
    thumbnails.emit('done', job.id);
  }
}
setInterval(drainQueue, 50).unref();

let nextId = 1;
const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/uploads') {
    res.writeHead(404).end();
    return;
  }
  let size = 0;
  req.on('data', (chunk) => (size += chunk.length));
  req.on('end', () => {
    const id = nextId++;
    enqueueThumbnail({ id, size });
    res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ id, queued: queue.length, made }));
  });
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-thumbnail-queue-error-no-listener listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
