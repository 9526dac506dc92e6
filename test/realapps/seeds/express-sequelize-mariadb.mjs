// Realistic data for express-sequelize-mariadb, written straight into the tables the app's sequelize.sync() made
// (the app re-creates them at every start, so this runs after the app is up). Deterministic: the same rows each time.
//   1,000 users (user1..user1000@corpus.test, password "password123", bcryptjs cost 10 as the app's own hook makes),
//   40 tags, 5,000 articles (bodies of 1-3 KB, one author each, 3 tags each), 15,000 favourites, 8,000 follows,
//   10,000 comments.
import mysql from 'mysql2/promise';
import bcrypt from 'bcryptjs';
import { articleTitle, corpusRandom, COUNTS, insertManyMysql as insertMany, pairs, paragraph, PASSWORD, pickTags, SEED_START, slugOf, TAGS } from './text.mjs';

export { COUNTS, PASSWORD };

async function waitForTables(conn) {
  // sync({ force: true }) runs after listen(): wait until its two users are in.
  for (let i = 0; i < 600; i++) {
    try {
      const [[row]] = await conn.query('SELECT COUNT(*) AS n FROM Users');
      const [[tags]] = await conn.query("SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = 'conduit' AND table_name = 'ArticleTags'");
      if (row.n >= 2 && tags.n === 1) return;
    } catch {
      // tables not there yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the app did not create its tables within 60 s');
}

export async function seed({ mariadb }) {
  const conn = await mysql.createConnection({ host: mariadb.host, port: mariadb.port, user: 'root', password: '1234', database: 'conduit' });
  try {
    await waitForTables(conn);
    const random = corpusRandom(29);
    const hash = bcrypt.hashSync(PASSWORD, 10);
    await conn.query('SET FOREIGN_KEY_CHECKS = 0');
    await conn.query("DELETE FROM Users WHERE email LIKE '%@corpus.test'");
    const users = [];
    for (let i = 1; i <= COUNTS.users; i++) users.push([`user${i}@corpus.test`, `user${i}`, hash, paragraph(random, 1), `https://img.corpus.test/u/${i}.png`]);
    await insertMany(conn, 'Users', ['email', 'username', 'password', 'bio', 'image'], users);
    const [[{ first }]] = await conn.query("SELECT MIN(id) AS first FROM Users WHERE email LIKE '%@corpus.test'");
    const userId = (i) => first + i; // i in 0..users-1
    await insertMany(conn, 'Tags', ['name'], TAGS.map((t) => [t]));
    const articles = [];
    const start = SEED_START;
    for (let i = 1; i <= COUNTS.articles; i++) {
      const title = articleTitle(random, i);
      const created = new Date(start + i * 3_600_000);
      articles.push([slugOf(title), title, paragraph(random, 2), paragraph(random, 8 + Math.floor(random() * 16)), created, created, userId(Math.floor(random() * COUNTS.users))]);
    }
    await insertMany(conn, 'Articles', ['slug', 'title', 'description', 'body', 'createdAt', 'updatedAt', 'authorId'], articles);
    const [[{ firstArticle }]] = await conn.query('SELECT MIN(id) AS firstArticle FROM Articles');
    const articleId = (i) => firstArticle + i;
    const tagLists = [];
    for (let a = 0; a < COUNTS.articles; a++) {
      for (const t of pickTags(random)) tagLists.push([articleId(a), t]);
    }
    await insertMany(conn, 'TagLists', ['articleId', 'TagName'], tagLists);
    await insertMany(conn, 'Favorites', ['UserId', 'articleId'], pairs(random, COUNTS.favorites, COUNTS.users, COUNTS.articles).map(([u, a]) => [userId(u), articleId(a)]));
    await insertMany(conn, 'Followers', ['userId', 'followerId'], pairs(random, COUNTS.follows, COUNTS.users, COUNTS.users, true).map(([u, f]) => [userId(u), userId(f)]));
    const comments = [];
    for (let i = 0; i < COUNTS.comments; i++) {
      const created = new Date(start + i * 1_800_000);
      comments.push([paragraph(random, 1 + Math.floor(random() * 3)), created, created, userId(Math.floor(random() * COUNTS.users)), articleId(Math.floor(random() * COUNTS.articles))]);
    }
    await insertMany(conn, 'Comments', ['body', 'createdAt', 'updatedAt', 'authorId', 'articleId'], comments);
    await conn.query('SET FOREIGN_KEY_CHECKS = 1');
    await conn.query('ANALYZE TABLE Users, Articles, TagLists, Favorites, Followers, Comments, Tags');
    return COUNTS;
  } finally {
    await conn.end();
  }
}
