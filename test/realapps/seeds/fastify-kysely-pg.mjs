// Realistic data for fastify-kysely-pg, written into the schema its own migrations made. Deterministic.
//   1,000 users (user1..user1000@corpus.test, password "password123", bcryptjs cost 10), 40 tags, 5,000 articles
//   (bodies of 1-3 KB, 3 tags each), 15,000 favourites, 8,000 follows, 10,000 comments.
import pg from 'pg';
import bcrypt from 'bcryptjs';
import { corpusRandom, paragraph, slugOf, TAGS } from './text.mjs';

export const COUNTS = { users: 1000, tags: TAGS.length, articles: 5000, favorites: 15000, follows: 8000, comments: 10000 };

async function insertMany(client, table, columns, rows, chunk = 500) {
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const values = [];
    const tuples = part.map((row) => `(${row.map((v) => (values.push(v), `$${values.length}`)).join(', ')})`);
    await client.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
  }
}

export async function seed({ postgres }) {
  const client = new pg.Client({ host: postgres.host, port: postgres.port, user: 'postgres', database: 'realworld' });
  await client.connect();
  try {
    const random = corpusRandom(33);
    const hash = bcrypt.hashSync('password123', 10);
    const users = [];
    for (let i = 1; i <= COUNTS.users; i++) users.push([`user${i}@corpus.test`, `user${i}`, hash, `https://img.corpus.test/u/${i}.png`, paragraph(random, 1)]);
    await insertMany(client, 'users', ['email', 'username', 'encrypted_password', 'image', 'bio'], users);
    const { rows: [{ first }] } = await client.query('SELECT MIN(id)::int AS first FROM users');
    const userId = (i) => first + i;
    await insertMany(client, 'tags', ['name'], TAGS.map((t) => [t]));
    const { rows: tagRows } = await client.query('SELECT id::int, name FROM tags');
    const tagId = new Map(tagRows.map((t) => [t.name, t.id]));
    const articles = [];
    const start = Date.UTC(2024, 0, 1);
    for (let i = 1; i <= COUNTS.articles; i++) {
      const title = `${paragraph(random, 1).split(' ').slice(0, 6).join(' ')} ${i}`;
      const created = new Date(start + i * 3_600_000);
      articles.push([slugOf(title), title, paragraph(random, 2), paragraph(random, 8 + Math.floor(random() * 16)), created, created, userId(Math.floor(random() * COUNTS.users))]);
    }
    await insertMany(client, 'articles', ['slug', 'title', 'description', 'body', 'created_at', 'updated_at', 'author_id'], articles);
    const { rows: [{ firstArticle }] } = await client.query('SELECT MIN(id)::int AS "firstArticle" FROM articles');
    const articleId = (i) => firstArticle + i;
    const articleTags = [];
    for (let a = 0; a < COUNTS.articles; a++) {
      const picked = new Set();
      while (picked.size < 3) picked.add(TAGS[Math.floor(random() * TAGS.length)]);
      for (const t of picked) articleTags.push([articleId(a), tagId.get(t)]);
    }
    await insertMany(client, 'article_tags', ['article_id', 'tag_id'], articleTags);
    const pairs = (n, left, right, skipSelf) => {
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
    };
    await insertMany(client, 'user_favorite_articles', ['user_id', 'article_id'], pairs(COUNTS.favorites, COUNTS.users, COUNTS.articles).map(([u, a]) => [userId(u), articleId(a)]));
    await client.query('UPDATE articles a SET favorites_count = f.n FROM (SELECT article_id, COUNT(*) n FROM user_favorite_articles GROUP BY article_id) f WHERE f.article_id = a.id');
    await insertMany(client, 'relationships', ['follower_id', 'followed_id'], pairs(COUNTS.follows, COUNTS.users, COUNTS.users, true).map(([f, u]) => [userId(f), userId(u)]));
    const comments = [];
    for (let i = 0; i < COUNTS.comments; i++) {
      const created = new Date(start + i * 1_800_000);
      comments.push([paragraph(random, 1 + Math.floor(random() * 3)), articleId(Math.floor(random() * COUNTS.articles)), userId(Math.floor(random() * COUNTS.users)), created, created]);
    }
    await insertMany(client, 'article_comments', ['body', 'article_id', 'author_id', 'created_at', 'updated_at'], comments);
    await client.query('VACUUM ANALYZE');
    return COUNTS;
  } finally {
    await client.end();
  }
}
