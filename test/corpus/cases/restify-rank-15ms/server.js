'use strict';
// A job-matching API: every /match request scores all 55,000 candidate profiles against the query and sorts them,
// synchronously, to return the top ten. Each call holds the event loop for about 15 ms.
const restify = require('restify');

const SKILLS = ['node', 'go', 'sql', 'react', 'rust', 'aws', 'k8s', 'python', 'java', 'css', 'ml', 'etl'];
const candidates = [];
for (let i = 0; i < 55000; i++) {
  const skills = [];
  for (let s = 0; s < 4; s++) skills.push(SKILLS[(i * 13 + s * 5 + (i >> 4)) % SKILLS.length]);
  candidates.push({ id: i, name: `candidate-${i}`, years: i % 25, skills, city: ['berlin', 'paris', 'lyon', 'turin'][i % 4] });
}

function rankCandidates(wanted, city) {
  const scores = new Float64Array(candidates.length);
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i];
    let score = c.years * 0.3;
    for (const skill of c.skills) if (wanted.includes(skill)) score += 10;
    if (c.city === city) score += 5;
    scores[i] = score;
  }
  const order = Array.from(candidates.keys());
  order.sort((a, b) => scores[b] - scores[a] || a - b);
  return order.slice(0, 10).map((i) => ({ id: i, name: candidates[i].name, score: scores[i] }));
}

const server = restify.createServer({ name: 'restify-rank-15ms' });
server.use(restify.plugins.queryParser());
server.get('/match', (req, res, next) => {
  const wanted = String(req.query.skills || 'node').split(',');
  res.send({ top: rankCandidates(wanted, String(req.query.city || 'berlin')) });
  next();
});
server.get('/health', (req, res, next) => {
  res.send({ ok: true });
  next();
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`restify-rank-15ms listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
