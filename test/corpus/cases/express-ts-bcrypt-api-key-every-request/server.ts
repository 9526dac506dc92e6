// A project-tracking API in TypeScript on Express. Every /api request carries an API key in x-api-key, and
// verifyApiKey checks it with bcrypt.compare (the native addon, cost 10) against the stored hash of each client's key:
// tens of milliseconds of work on libuv's threadpool per request, which only four threads share. An API key is a long
// random secret, so a SHA-256 of it looked up in a Map would do; a password hash on every request makes twenty
// clients queue for the threadpool while the event loop waits.
import express from 'express';
import bcrypt from 'bcrypt';
import type { NextFunction, Request, Response } from 'express';

interface ApiClient {
  id: string;
  name: string;
  keyHash: string;
}

interface Project {
  id: number;
  name: string;
  owner: string;
  openIssues: number;
}

const clients: ApiClient[] = [];

async function registerClients(): Promise<void> {
  for (let i = 1; i <= 3; i++) {
    clients.push({ id: `client-${i}`, name: `Client ${i}`, keyHash: await bcrypt.hash(`ak_live_${i}_8f3c2a9d71e64b0c`, 10) });
  }
}

async function verifyApiKey(key: string, clientId: string): Promise<ApiClient | null> {
  const client = clients.find((c) => c.id === clientId);
  if (!client) return null;
  return (await bcrypt.compare(key, client.keyHash)) ? client : null;
}

const projects: Project[] = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `Project ${i + 1}`, owner: `team-${i % 6}`, openIssues: (i * 17) % 90 }));

const app = express();
app.use('/api', (req: Request, res: Response, next: NextFunction) => {
  verifyApiKey(String(req.get('x-api-key') || ''), String(req.get('x-client-id') || ''))
    .then((client) => {
      if (!client) return res.status(401).json({ error: 'invalid API key' });
      next();
    })
    .catch(next);
});
app.get('/api/projects', (req: Request, res: Response) => {
  res.json(projects.slice(0, 20));
});
app.get('/api/projects/:id', (req: Request, res: Response) => {
  const project = projects[Number(req.params.id) - 1];
  if (!project) return res.status(404).json({ error: 'no such project' });
  res.json(project);
});

await registerClients();
const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`express-ts-bcrypt-api-key-every-request listening on http://127.0.0.1:${port}`);
});
function shutdown(): void {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
