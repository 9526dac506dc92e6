// runSetupStep against real HTTP servers on loopback (port 0): the failures that must stop a run before any load,
// each with its coded error, and what is carried when it works.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SetupSpecSchema, type SetupSpec } from '../../../app/contract/recipe.js';
import { CheckupError } from '../../../app/errors.js';
import { runSetupStep, withCarriedHeaders } from '../../../app/load/setup-step.js';

let servers: Server[] = [];
afterEach(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  servers = [];
});

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

async function serve(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<{ port: number; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handler(req, res, body);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, seen };
}

const spec = (input: unknown): SetupSpec => SetupSpecSchema.parse(input);
const at = (port: number) => ({ host: '127.0.0.1', port });

async function codeOf(work: Promise<unknown>): Promise<CheckupError> {
  const err = await work.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(CheckupError);
  return err as CheckupError;
}

describe('the set-up step', () => {
  it('carries every cookie set along the way and a token read from the last JSON answer', async () => {
    const { port, seen } = await serve((req, res) => {
      if (req.url === '/csrf') {
        res.setHeader('set-cookie', ['csrf=abc; Path=/; HttpOnly']);
        return res.end('ok');
      }
      res.setHeader('set-cookie', ['sid=s3cr3t; Path=/', 'theme=dark']);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: { accessToken: 'tok-123456' } }));
    });
    const result = await runSetupStep(spec({ requests: [{ path: '/csrf' }, { method: 'POST', path: '/login', body: '{"p":1}' }], cookies: ['sid'], token: { from: 'data.accessToken' } }), at(port), false);
    // The second request already carried the first one's cookie, and a JSON body was announced as JSON.
    expect(seen[1]!.headers.cookie).toBe('csrf=abc');
    expect(seen[1]!.headers['content-type']).toBe('application/json');
    expect(result.headers).toEqual({ cookie: 'csrf=abc; sid=s3cr3t; theme=dark', Authorization: 'Bearer tok-123456' });
    expect(result.outcome.cookies).toEqual(['csrf', 'sid', 'theme']);
    expect(result.outcome.token).toEqual({ from: 'data.accessToken', header: 'Authorization', length: 10 });
    // What is shown holds neither the token nor a cookie's value.
    expect(JSON.stringify(result.outcome)).not.toMatch(/tok-123456|s3cr3t/);
    expect(result.outcome.answers[1]!.excerpt).toContain('‹token›');
  });

  it('puts the token in a header the user names, without a scheme', async () => {
    const { port } = await serve((_req, res) => res.end('{"token":"t0k"}'));
    const result = await runSetupStep(spec({ requests: [{ method: 'POST', path: '/login' }], token: { from: 'token', header: 'X-Auth-Token' } }), at(port), false);
    expect(result.headers).toEqual({ 'X-Auth-Token': 't0k' });
  });

  it('a refused login: CHK_SETUP_FAILED with the status and a text-only excerpt of the answer', async () => {
    const { port } = await serve((_req, res) => {
      res.writeHead(401, { 'content-type': 'text/html' });
      res.end('<html><body><h1>Denied</h1>\u001b[31m<script>alert(1)</script><p>bad   password</p></body></html>');
    });
    const err = await codeOf(runSetupStep(spec({ requests: [{ method: 'POST', path: '/login', body: 'x' }] }), at(port), false));
    expect(err.code).toBe('CHK_SETUP_FAILED');
    expect(err.message).toBe('The set-up step failed: 401 Unauthorized from POST /login: "Denied bad password". No load was sent.');
  });

  it('a login that never answers: CHK_SETUP_TIMEOUT', async () => {
    const { port } = await serve(() => undefined);
    const err = await codeOf(runSetupStep(spec({ requests: [{ path: '/login' }], timeoutSec: 1 }), at(port), false));
    expect(err.code).toBe('CHK_SETUP_TIMEOUT');
    expect(err.message).toContain('GET /login within 1 s');
  });

  it('nothing listening: CHK_SETUP_UNREACHABLE', async () => {
    const { port } = await serve(() => undefined);
    await new Promise((r) => servers.pop()!.close(r));
    const err = await codeOf(runSetupStep(spec({ requests: [{ path: '/login' }] }), at(port), false));
    expect(err.code).toBe('CHK_SETUP_UNREACHABLE');
    expect(err.message).toContain('ECONNREFUSED');
  });

  it('an answer without the cookie named: CHK_SETUP_NO_COOKIE, naming those it did set', async () => {
    const { port } = await serve((_req, res) => {
      res.setHeader('set-cookie', 'other=1');
      res.end();
    });
    const err = await codeOf(runSetupStep(spec({ requests: [{ path: '/login' }], cookies: ['sid'] }), at(port), false));
    expect(err.code).toBe('CHK_SETUP_NO_COOKIE');
    expect(err.message).toContain('no cookie named sid (cookies set: other)');
  });

  it('an answer without the token: CHK_SETUP_NO_TOKEN, saying what is there', async () => {
    const { port } = await serve((req, res) => res.end(req.url === '/html' ? '<p>welcome</p>' : '{"data":{"accessToken":{"nested":true}}}'));
    const notThere = await codeOf(runSetupStep(spec({ requests: [{ path: '/json' }], token: { from: 'data.accessToken' } }), at(port), false));
    expect(notThere.code).toBe('CHK_SETUP_NO_TOKEN');
    expect(notThere.message).toContain('holds no token at "data.accessToken": it holds an object there');
    const notJson = await codeOf(runSetupStep(spec({ requests: [{ path: '/html' }], token: { from: 'token' } }), at(port), false));
    expect(notJson.message).toContain('its body is not JSON');
  });

  it('refuses a host that is not loopback without allowRemote, sending nothing', async () => {
    const err = await codeOf(runSetupStep(spec({ requests: [{ path: '/login' }] }), { host: '192.0.2.1', port: 80 }, false));
    expect(err.code).toBe('CHK_REMOTE_LOAD_REFUSED');
  });

  it('the load keeps a Cookie header of its own and adds the set-up cookies to it; its own Authorization wins', () => {
    const [r] = withCarriedHeaders([{ method: 'GET', path: '/', headers: { Cookie: 'mine=1', authorization: 'Basic x' } }], { cookie: 'sid=2', Authorization: 'Bearer t' });
    expect(r!.headers).toEqual({ Cookie: 'mine=1; sid=2', authorization: 'Basic x' });
  });
});
