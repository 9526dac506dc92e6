'use strict';
// A wiki's page-history API. Every revision of a page is kept as an array of lines; /pages/:id/diff compares two
// revisions with a textbook longest-common-subsequence table, filling all (n+1) x (m+1) cells on every request,
// although saved revisions never change. The page reads are cheap.
const Koa = require('koa');
const Router = require('@koa/router');

const WORDS = ['deploy', 'review', 'owner', 'runbook', 'staging', 'rollback', 'ticket', 'approve', 'branch', 'release', 'oncall', 'metrics'];

// Deterministic page history: each revision edits every seventh line of the one before and appends a few lines.
function buildHistory(title, revisions, lineCount) {
  let lines = [];
  for (let i = 0; i < lineCount; i++) lines.push(`${i % 40 === 0 ? '## ' : ''}${WORDS[i % 12]} ${WORDS[(i * 7) % 12]} step ${i}: ${title} ${WORDS[(i * 5) % 12]}`);
  const history = [lines];
  for (let r = 1; r < revisions; r++) {
    lines = lines.map((line, i) => ((i + r) % 7 === 0 ? `${line} (rev ${r})` : line));
    lines.push(`${WORDS[r % 12]} added in revision ${r}`);
    history.push(lines);
  }
  return history;
}

const pages = new Map([
  ['onboarding', { title: 'Onboarding', history: buildHistory('onboarding', 13, 2400) }],
  ['release-process', { title: 'Release process', history: buildHistory('release', 6, 400) }],
]);

// Longest common subsequence over whole lines, then a walk back through the table to list the edits.
function diffLines(a, b) {
  const n = a.length;
  const m = b.length;
  const width = m + 1;
  const table = new Uint16Array((n + 1) * width);
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      table[i * width + j] = a[i - 1] === b[j - 1] ? table[(i - 1) * width + j - 1] + 1 : Math.max(table[(i - 1) * width + j], table[i * width + j - 1]);
    }
  }
  const edits = [];
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    if (a[i - 1] === b[j - 1]) {
      i--;
      j--;
    } else if (table[(i - 1) * width + j] >= table[i * width + j - 1]) edits.push({ op: '-', line: i, text: a[--i] });
    else edits.push({ op: '+', line: j, text: b[--j] });
  }
  while (i > 0) edits.push({ op: '-', line: i, text: a[--i] });
  while (j > 0) edits.push({ op: '+', line: j, text: b[--j] });
  return edits.reverse();
}

const app = new Koa();
const router = new Router();

router.get('/pages/:id', (ctx) => {
  const page = pages.get(ctx.params.id);
  if (!page) ctx.throw(404, 'no such page');
  const latest = page.history[page.history.length - 1];
  ctx.body = { id: ctx.params.id, title: page.title, revision: page.history.length - 1, lines: latest.length, headings: latest.filter((l) => l.startsWith('## ')).length };
});

router.get('/pages/:id/diff', (ctx) => {
  const page = pages.get(ctx.params.id);
  const from = page && page.history[Number(ctx.query.from)];
  const to = page && page.history[Number(ctx.query.to)];
  if (!from || !to) ctx.throw(404, 'no such revision');
  const edits = diffLines(from, to);
  ctx.body = { id: ctx.params.id, from: Number(ctx.query.from), to: Number(ctx.query.to), changes: edits.length, edits: edits.slice(0, 50) };
});

app.use(router.routes());
app.use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`koa-wiki-revision-diff listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
