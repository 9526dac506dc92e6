'use strict';
// An admin dashboard counts active users. countActiveUsers "hydrates" every one of the 6,000 in-memory rows into a
// full UserRecord (parsed dates, normalised fields, change tracking, getters and setters) only to read one flag
// from each and count them; a plain loop over the rows would do.
const http = require('node:http');

const rows = [];
for (let i = 0; i < 6000; i++) {
  rows.push({
    id: i, email: `User${i}@Example.COM`, first_name: `first${i}`, last_name: `last${i}`,
    status: i % 3 === 0 ? 'inactive' : 'active', deleted_at: i % 17 === 0 ? '2025-06-01T00:00:00Z' : null,
    created_at: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}T10:00:00Z`,
    tags: 'beta,newsletter,eu', plan: ['free', 'pro', 'team'][i % 3], login_count: (i * 7) % 300,
  });
}

class UserRecord {
  constructor(row) {
    this._original = row;
    this._changes = null;
    this._id = row.id;
    this._email = row.email.trim().toLowerCase();
    this._name = `${row.first_name} ${row.last_name}`;
    this._status = row.status;
    this._createdAt = new Date(row.created_at);
    this._deletedAt = row.deleted_at ? new Date(row.deleted_at) : null;
    this._tags = row.tags.split(',');
    this._plan = { name: row.plan, paid: row.plan !== 'free' };
    this._logins = row.login_count;
  }
  get id() { return this._id; }
  get email() { return this._email; }
  set email(value) { this._track('email', value); this._email = value; }
  get name() { return this._name; }
  get status() { return this._status; }
  set status(value) { this._track('status', value); this._status = value; }
  get isActive() { return this._status === 'active' && this._deletedAt === null; }
  get isDirty() { return this._changes !== null && this._changes.size > 0; }
  _track(field, value) {
    if (this._changes === null) this._changes = new Map();
    this._changes.set(field, value);
  }
}

function countActiveUsers() {
  return rows.map((row) => new UserRecord(row)).filter((user) => user.isActive).length;
}

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer((req, res) => {
  if (req.url === '/users/active/count') return sendJson(res, 200, { active: countActiveUsers() });
  if (req.url === '/health') return sendJson(res, 200, { ok: true });
  sendJson(res, 404, { error: 'not found' });
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-count-hydrate listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
