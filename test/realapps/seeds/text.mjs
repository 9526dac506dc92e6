// Deterministic filler for the seeds: a seeded generator (mulberry32) and sentences of plausible words, so every run
// loads the same rows and the same sizes.
export function corpusRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'node server request latency database query index cache pool thread event loop stream buffer socket cluster ' +
  'worker promise async await timeout retry backoff schema migration column table transaction commit rollback ' +
  'replica shard partition vacuum analyze planner join nested hash merge scan sequential bitmap heap page ' +
  'memory garbage collector profile flame graph sample allocation leak listener emitter handle timer interval ' +
  'deploy release rollout canary metric alert dashboard trace span log level error warning info debug'
).split(' ');

export const TAGS = [
  'nodejs', 'javascript', 'typescript', 'databases', 'postgres', 'mysql', 'redis', 'performance', 'testing', 'devops',
  'docker', 'kubernetes', 'security', 'frontend', 'backend', 'api', 'graphql', 'rest', 'cloud', 'linux',
  'rust', 'go', 'python', 'career', 'design', 'architecture', 'observability', 'caching', 'queues', 'streams',
  'react', 'svelte', 'vue', 'css', 'html', 'webassembly', 'ai', 'data', 'tutorial', 'opinion',
];

export function sentence(random) {
  const n = 8 + Math.floor(random() * 10);
  const words = [];
  for (let i = 0; i < n; i++) words.push(WORDS[Math.floor(random() * WORDS.length)]);
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return `${words.join(' ')}.`;
}

/** n sentences (about 100 characters each). */
export function paragraph(random, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(sentence(random));
  return out.join(' ');
}

export const slugOf = (title) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

// The rows every seed builds the same way (each seed keeps its own order of calls to `random`, so its data stays
// the same as when its facts were measured).

/** The corpus's sizes, the same for every app. */
export const COUNTS = { users: 1000, tags: TAGS.length, articles: 5000, favorites: 15000, follows: 8000, comments: 10000 };
export const PASSWORD = 'password123';
/** Articles are an hour apart, comments half an hour apart, from this date. */
export const SEED_START = Date.UTC(2024, 0, 1);

/** Article i's title (six words of a sentence and its number). */
export const articleTitle = (random, i) => `${paragraph(random, 1).split(' ').slice(0, 6).join(' ')} ${i}`;

/** n distinct tags. */
export function pickTags(random, n = 3) {
  const picked = new Set();
  while (picked.size < n) picked.add(TAGS[Math.floor(random() * TAGS.length)]);
  return [...picked];
}

/** n distinct [left, right] index pairs (0-based), e.g. user x article for favourites; skipSelf for follows. */
export function pairs(random, n, left, right, skipSelf = false) {
  const seen = new Set();
  const rows = [];
  while (rows.length < n) {
    const l = Math.floor(random() * left);
    const r = Math.floor(random() * right);
    if ((skipSelf && l === r) || seen.has(`${l}:${r}`)) continue;
    seen.add(`${l}:${r}`);
    rows.push([l, r]);
  }
  return rows;
}

/** Rows inserted in chunks through mysql2 (`VALUES ?` takes an array of rows). */
export async function insertManyMysql(conn, table, columns, rows, chunk = 1000) {
  for (let i = 0; i < rows.length; i += chunk) {
    await conn.query(`INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`, [rows.slice(i, i + chunk)]);
  }
}

/** Rows inserted in chunks through pg (numbered parameters; identifiers quoted as given). */
export async function insertManyPg(client, table, columns, rows, chunk = 500) {
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const values = [];
    const tuples = part.map((row) => `(${row.map((v) => (values.push(v), `$${values.length}`)).join(', ')})`);
    await client.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
  }
}
