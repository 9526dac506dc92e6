'use strict';
// A members' portal on Fastify, written in NestJS's layers (a repository, a service, a controller wired together at
// start). POST /auth/login checks the password with bcrypt.compare (the native addon, cost 10: tens of milliseconds
// on libuv's threadpool), as a password check should; the profile and notices routes are cheap. Logins are one
// request in four at a steady 40 requests a second: ten hashes a second, which four threads absorb. Nothing to fix.
const Fastify = require('fastify');
const bcrypt = require('bcrypt');

class MembersRepository {
  constructor() {
    this.byEmail = new Map();
  }
  async seed() {
    const passwordHash = await bcrypt.hash('correct horse battery staple', 10);
    for (let i = 1; i <= 100; i++) this.byEmail.set(`member${i}@portal.example`, { id: i, email: `member${i}@portal.example`, name: `Member ${i}`, passwordHash, plan: i % 3 ? 'basic' : 'plus' });
  }
  findByEmail(email) {
    return this.byEmail.get(email) || null;
  }
  findById(id) {
    return this.byEmail.get(`member${id}@portal.example`) || null;
  }
}

async function checkPassword(member, password) {
  return bcrypt.compare(password, member.passwordHash);
}

class AuthService {
  constructor(members) {
    this.members = members;
  }
  async login(email, password) {
    const member = this.members.findByEmail(email);
    if (!member || !(await checkPassword(member, password))) return null;
    return { token: Buffer.from(`${member.id}:${member.email}`).toString('base64url'), name: member.name };
  }
}

class MembersController {
  constructor(auth, members) {
    this.auth = auth;
    this.members = members;
  }
  register(app) {
    app.post('/auth/login', async (request, reply) => {
      const session = await this.auth.login(String(request.body.email), String(request.body.password));
      if (!session) return reply.code(401).send({ error: 'wrong email or password' });
      return session;
    });
    app.get('/members/:id', async (request, reply) => {
      const member = this.members.findById(Number(request.params.id));
      if (!member) return reply.code(404).send({ error: 'no such member' });
      return { id: member.id, name: member.name, plan: member.plan };
    });
    app.get('/notices', async () => notices);
  }
}

const notices = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, title: `Notice ${i + 1}`, body: 'The clubhouse opens at nine on weekdays.' }));

async function bootstrap() {
  const members = new MembersRepository();
  await members.seed();
  const app = Fastify({ logger: false });
  new MembersController(new AuthService(members), members).register(app);
  const address = await app.listen({ port: Number(process.env.PORT || 0), host: '127.0.0.1' });
  console.log(`fastify-layered-bcrypt-login-absorbed listening on ${address}`);
  return app;
}

const started = bootstrap();
function shutdown() {
  started.then((app) => app.close()).finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
