import { describe, expect, it } from 'vitest';
import { SECRET_PLACEHOLDER, isSecretHeader, missingSecrets, redactRecipe, secretFields, withSecrets } from '../../../app/contract/recipe-secrets.js';
import { RecipeSchema } from '../../../app/contract/recipe.js';

const recipe = RecipeSchema.parse({
  target: { kind: 'lab', lab: 'healthy' },
  load: {
    requests: [{ path: '/me', headers: { Cookie: 'sid=1', Accept: 'application/json' }, body: 'test data' }],
    setup: { requests: [{ method: 'POST', path: '/login', body: '{"user":"ada","password":"pw"}', headers: { 'X-Api-Key': 'k' } }], token: { from: 'token' } },
    journeys: [{ steps: [{ path: '/items', headers: { Authorization: 'Bearer t' } }] }],
  },
});

describe('secrets in a recipe', () => {
  it('names credential headers by their names', () => {
    for (const name of ['Authorization', 'cookie', 'Proxy-Authorization', 'X-Api-Key', 'X-Auth-Token', 'X-CSRF-Token', 'X-Session-Id', 'x-client-key']) expect(isSecretHeader(name), name).toBe(true);
    for (const name of ['Accept', 'Content-Type', 'User-Agent', 'X-Request-Id']) expect(isSecretHeader(name), name).toBe(false);
  });

  it('finds the login body, and credential headers everywhere; a load request body is test data', () => {
    expect(secretFields(recipe).map((f) => f.path)).toEqual([
      'load.setup.requests.0.body',
      'load.setup.requests.0.headers.X-Api-Key',
      'load.requests.0.headers.Cookie',
      'load.journeys.0.steps.0.headers.Authorization',
    ]);
  });

  it('redacts them all, keeps everything else, and asks for exactly those again', () => {
    const redacted = redactRecipe(recipe);
    const text = JSON.stringify(redacted);
    for (const secret of ['password', 'sid=1', 'Bearer t', '"k"']) expect(text).not.toContain(secret);
    expect(redacted.load.requests[0]!.body).toBe('test data');
    expect(redacted.load.requests[0]!.headers.Accept).toBe('application/json');
    expect(redacted.load.setup!.requests[0]!.path).toBe('/login');
    expect(missingSecrets(redacted)).toEqual(secretFields(recipe).map((f) => f.path));
    expect(missingSecrets(recipe)).toEqual([]);
    // The redacted recipe still fits the recipe format, so a bundle carrying it imports.
    expect(RecipeSchema.safeParse(redacted).success).toBe(true);
  });

  it('fills in what is given again, only where a placeholder stands', () => {
    const redacted = redactRecipe(recipe);
    const filled = withSecrets(redacted, { 'load.setup.requests.0.body': '{"password":"again"}', 'load.requests.0.headers.Accept': 'text/html', 'nowhere.at.all': 'x' });
    expect(filled.load.setup!.requests[0]!.body).toBe('{"password":"again"}');
    expect(filled.load.requests[0]!.headers.Accept).toBe('application/json');
    expect(missingSecrets(filled)).toHaveLength(3);
    expect(redacted.load.setup!.requests[0]!.body).toBe(SECRET_PLACEHOLDER);
  });
});
