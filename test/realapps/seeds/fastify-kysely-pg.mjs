// Realistic data for fastify-kysely-pg, written into the schema its own migrations made. Deterministic.
//   1,000 users (user1..user1000@corpus.test, password "password123", bcryptjs cost 10), 40 tags, 5,000 articles
//   (bodies of 1-3 KB, 3 tags each), 15,000 favourites, 8,000 follows, 10,000 comments.
import pg from 'pg';
import bcrypt from 'bcryptjs';
import { articleTitle, corpusRandom, COUNTS, insertManyPg as insertMany, pairs, paragraph, pickTags, SEED_START, slugOf, TAGS } from './text.mjs';

export { COUNTS };

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
    const start = SEED_START;
    for (let i = 1; i <= COUNTS.articles; i++) {
      const title = articleTitle(random, i);
      const created = new Date(start + i * 3_600_000);
      articles.push([slugOf(title), title, paragraph(random, 2), paragraph(random, 8 + Math.floor(random() * 16)), created, created, userId(Math.floor(random() * COUNTS.users))]);
    }
    await insertMany(client, 'articles', ['slug', 'title', 'description', 'body', 'created_at', 'updated_at', 'author_id'], articles);
    const { rows: [{ firstArticle }] } = await client.query('SELECT MIN(id)::int AS "firstArticle" FROM articles');
    const articleId = (i) => firstArticle + i;
    const articleTags = [];
    for (let a = 0; a < COUNTS.articles; a++) {
      for (const t of pickTags(random)) articleTags.push([articleId(a), tagId.get(t)]);
    }
    await insertMany(client, 'article_tags', ['article_id', 'tag_id'], articleTags);
    await insertMany(client, 'user_favorite_articles', ['user_id', 'article_id'], pairs(random, COUNTS.favorites, COUNTS.users, COUNTS.articles).map(([u, a]) => [userId(u), articleId(a)]));
    await client.query('UPDATE articles a SET favorites_count = f.n FROM (SELECT article_id, COUNT(*) n FROM user_favorite_articles GROUP BY article_id) f WHERE f.article_id = a.id');
    await insertMany(client, 'relationships', ['follower_id', 'followed_id'], pairs(random, COUNTS.follows, COUNTS.users, COUNTS.users, true).map(([f, u]) => [userId(f), userId(u)]));
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
