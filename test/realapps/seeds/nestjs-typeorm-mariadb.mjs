// Realistic data for nestjs-typeorm-mariadb, written into the tables TypeORM's synchronize made at start-up (the
// entities cap article bodies, descriptions and comments at varchar(255); tagList is TypeORM's simple-array, a
// comma-joined text). Deterministic: the same rows each time.
//   1,000 users (user1..user1000@corpus.test, password "password123", hashed with the app's own argon2 and its
//   defaults, as the entity's @BeforeInsert does), 40 tags, 5,000 articles with 3 tags each, 15,000 favourites,
//   8,000 follows, 10,000 comments.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { articleTitle, corpusRandom, COUNTS, insertManyMysql as insertMany, pairs, paragraph, pickTags, SEED_START, slugOf, TAGS } from './text.mjs';

export { COUNTS };

const clip = (text, n) => (text.length <= n ? text : text.slice(0, n - 1).replace(/\s+\S*$/, '') + '.');

export async function seed({ mariadb }, { dir }) {
  const argon2 = createRequire(join(dir, 'package.json'))('argon2');
  const conn = await mysql.createConnection({ host: mariadb.host, port: mariadb.port, user: 'root', database: 'nestjsrealworld' });
  try {
    const random = corpusRandom(32);
    const hash = await argon2.hash('password123');
    const users = [];
    for (let i = 1; i <= COUNTS.users; i++) users.push([`user${i}`, `user${i}@corpus.test`, clip(paragraph(random, 1), 255), `https://img.corpus.test/u/${i}.png`, hash]);
    await insertMany(conn, 'user', ['username', 'email', 'bio', 'image', 'password'], users);
    const [[{ first }]] = await conn.query('SELECT MIN(id) AS first FROM user');
    const userId = (i) => first + i;
    await insertMany(conn, 'tag', ['tag'], TAGS.map((t) => [t]));
    const articles = [];
    const start = SEED_START;
    for (let i = 1; i <= COUNTS.articles; i++) {
      const title = articleTitle(random, i);
      const created = new Date(start + i * 3_600_000);
      const tags = pickTags(random);
      articles.push([slugOf(title), title, clip(paragraph(random, 2), 255), clip(paragraph(random, 3), 255), created, created, tags.join(','), 0, userId(Math.floor(random() * COUNTS.users))]);
    }
    await insertMany(conn, 'article', ['slug', 'title', 'description', 'body', 'created', 'updated', 'tagList', 'favoriteCount', 'authorId'], articles);
    const [[{ firstArticle }]] = await conn.query('SELECT MIN(id) AS firstArticle FROM article');
    const articleId = (i) => firstArticle + i;
    const favorites = pairs(random, COUNTS.favorites, COUNTS.users, COUNTS.articles);
    await insertMany(conn, 'user_favorites_article', ['userId', 'articleId'], favorites.map(([u, a]) => [userId(u), articleId(a)]));
    await conn.query('UPDATE article a JOIN (SELECT articleId, COUNT(*) n FROM user_favorites_article GROUP BY articleId) f ON f.articleId = a.id SET a.favoriteCount = f.n');
    await insertMany(conn, 'follows', ['followerId', 'followingId'], pairs(random, COUNTS.follows, COUNTS.users, COUNTS.users, true).map(([f, u]) => [userId(f), userId(u)]));
    const comments = [];
    for (let i = 0; i < COUNTS.comments; i++) comments.push([clip(paragraph(random, 1 + Math.floor(random() * 2)), 255), articleId(Math.floor(random() * COUNTS.articles))]);
    await insertMany(conn, 'comment', ['body', 'articleId'], comments);
    await conn.query('ANALYZE TABLE user, article, tag, follows, comment, user_favorites_article');
    return COUNTS;
  } finally {
    await conn.end();
  }
}
