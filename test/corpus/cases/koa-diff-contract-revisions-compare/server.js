'use strict';
// A contract-review service on Koa: reviewers post two revisions of a contract (150 lines each) and get back
// the changes, line by line with word-level highlights inside each changed line, the way a review tool shows them.
// compareRevisions runs the diff package's diffLines over the two texts, then diffWordsWithSpace on each replaced
// line pair. Every request compares a different pair that the client sends; the diff is the service's whole purpose
// and is done with a sound algorithm (Myers), once per request, nothing cached that could be reused. Expensive per
// request, and necessary.
const Koa = require('koa');
const { diffLines, diffWordsWithSpace } = require('diff');

const MAX_BODY = 512 * 1024;

function readJson(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) reject(Object.assign(new Error('too large'), { status: 413 }));
      else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(Object.assign(new Error('bad json'), { status: 400 }));
      }
    });
    req.on('error', reject);
  });
}

function compareRevisions(before, after) {
  const parts = diffLines(before, after);
  const changes = [];
  let added = 0;
  let removed = 0;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (p.removed && parts[i + 1] && parts[i + 1].added) {
      const next = parts[i + 1];
      changes.push({ kind: 'changed', words: diffWordsWithSpace(p.value, next.value).map((w) => [w.added ? '+' : w.removed ? '-' : '=', w.value]) });
      removed += p.count;
      added += next.count;
      i++;
    } else if (p.added) {
      changes.push({ kind: 'added', text: p.value });
      added += p.count;
    } else if (p.removed) {
      changes.push({ kind: 'removed', text: p.value });
      removed += p.count;
    } else {
      changes.push({ kind: 'same', lines: p.count });
    }
  }
  return { added, removed, changes };
}

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.method !== 'POST' || ctx.path !== '/compare') {
    ctx.status = 404;
    return;
  }
  const body = await readJson(ctx.req).catch((err) => {
    ctx.throw(err.status || 400, err.message);
  });
  if (typeof body.before !== 'string' || typeof body.after !== 'string') ctx.throw(400, 'before and after are required');
  ctx.body = compareRevisions(body.before, body.after);
});

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-diff-contract-revisions-compare listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
