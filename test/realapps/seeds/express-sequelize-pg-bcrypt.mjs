// Realistic data for express-sequelize-pg-bcrypt, written into the tables its sequelize.sync({ alter: true }) made
// at start-up (quoted, capitalised names: "Users", "Articles", "TagList", "Favorites", "Followers", "Comments").
// Deterministic: the same rows each time.
//   1,000 users (user1..user1000@corpus.test, password "password123", bcrypt cost 10 as the app's own
//   helper/bcrypt.js hashes), 40 tags, 5,000 articles (bodies of 1-3 KB, 3 tags each), 15,000 favourites,
//   8,000 follows, 10,000 comments.
import pg from 'pg';
import bcrypt from 'bcryptjs';
import { articleTitle, corpusRandom, COUNTS, insertManyPg as insertMany, pairs, paragraph, PASSWORD, pickTags, SEED_START, slugOf, TAGS } from './text.mjs';

export { COUNTS };

export async function seed({ postgres }) {
  const client = new pg.Client({ host: postgres.host, port: postgres.port, user: 'postgres', database: 'conduit_production' });
  await client.connect();
  try {
    const random = corpusRandom(34);
    const hash = bcrypt.hashSync(PASSWORD, 10);
    const joined = new Date(SEED_START);
    const users = [];
    for (let i = 1; i <= COUNTS.users; i++) users.push([`user${i}@corpus.test`, `user${i}`, paragraph(random, 1), `https://img.corpus.test/u/${i}.png`, hash, joined, joined]);
    await insertMany(client, '"Users"', ['email', 'username', 'bio', 'image', 'password', '"createdAt"', '"updatedAt"'], users);
    const { rows: [{ first }] } = await client.query('SELECT MIN(id)::int AS first FROM "Users"');
    const userId = (i) => first + i;
    await insertMany(client, '"Tags"', ['name'], TAGS.map((t) => [t]));
    const articles = [];
    for (let i = 1; i <= COUNTS.articles; i++) {
      const title = articleTitle(random, i);
      const created = new Date(SEED_START + i * 3_600_000);
      articles.push([slugOf(title), title, paragraph(random, 2), paragraph(random, 8 + Math.floor(random() * 16)), created, created, userId(Math.floor(random() * COUNTS.users))]);
    }
    await insertMany(client, '"Articles"', ['slug', 'title', 'description', 'body', '"createdAt"', '"updatedAt"', '"userId"'], articles);
    const { rows: [{ firstArticle }] } = await client.query('SELECT MIN(id)::int AS "firstArticle" FROM "Articles"');
    const articleId = (i) => firstArticle + i;
    const tagList = [];
    for (let a = 0; a < COUNTS.articles; a++) for (const t of pickTags(random)) tagList.push([articleId(a), t]);
    await insertMany(client, '"TagList"', ['"articleId"', '"tagName"'], tagList);
    await insertMany(client, '"Favorites"', ['"userId"', '"articleId"'], pairs(random, COUNTS.favorites, COUNTS.users, COUNTS.articles).map(([u, a]) => [userId(u), articleId(a)]));
    await insertMany(client, '"Followers"', ['"userId"', '"followerId"'], pairs(random, COUNTS.follows, COUNTS.users, COUNTS.users, true).map(([u, f]) => [userId(u), userId(f)]));
    const comments = [];
    for (let i = 0; i < COUNTS.comments; i++) {
      const created = new Date(SEED_START + i * 1_800_000);
      comments.push([paragraph(random, 1 + Math.floor(random() * 3)), created, created, articleId(Math.floor(random() * COUNTS.articles)), userId(Math.floor(random() * COUNTS.users))]);
    }
    await insertMany(client, '"Comments"', ['body', '"createdAt"', '"updatedAt"', '"articleId"', '"userId"'], comments);
    await client.query('VACUUM ANALYZE');
    return COUNTS;
  } finally {
    await client.end();
  }
}
