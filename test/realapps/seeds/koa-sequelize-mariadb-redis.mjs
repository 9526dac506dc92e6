// Realistic data for koa-sequelize-mariadb-redis. The app creates no tables: they are made by its own models
// (`Model.sync()` in the working copy, the author's commented-out line), then filled. Deterministic.
//   1,000 users (user1..user1000@corpus.test, user name = e-mail as its sign-up does, password "password123",
//   bcryptjs cost 10 as its bcryptPassword middleware hashes), 40 categories, 5,000 blogs (descriptions up to the
//   model's 1,024 characters), 15,000 likes, 10,000 comments.
import { execFileSync } from 'node:child_process';
import mysql from 'mysql2/promise';
import bcrypt from 'bcryptjs';
import { articleTitle, corpusRandom, COUNTS, insertManyMysql as insertMany, pairs, paragraph, PASSWORD, SEED_START, TAGS } from './text.mjs';

export { COUNTS };

const clip = (text, n) => (text.length <= n ? text : text.slice(0, n - 1).replace(/\s+\S*$/, '') + '.');
const MODELS = ['user_model', 'blogs_model', 'category_model', 'comment_model', 'likes_model'];

export async function seed({ mariadb }, { dir }) {
  const sync = `(async () => { for (const m of ${JSON.stringify(MODELS)}) await require('./model/' + m).sync(); await require('./db/seq').close(); })().catch((e) => { console.error(e); process.exit(1); })`;
  execFileSync(process.execPath, ['-e', sync], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const conn = await mysql.createConnection({ host: mariadb.host, port: mariadb.port, user: 'root', database: 'blogs' });
  try {
    const random = corpusRandom(35);
    const hash = bcrypt.hashSync(PASSWORD, 10);
    const joined = new Date(SEED_START);
    const users = [];
    for (let i = 1; i <= COUNTS.users; i++) users.push([`user${i}@corpus.test`, `https://img.corpus.test/u/${i}.png`, i === 1 ? 0 : 1, `user${i}@corpus.test`, hash, joined, joined]);
    await insertMany(conn, 'users', ['userName', 'avatar', 'userType', 'email', 'password', 'createdAt', 'updatedAt'], users);
    const [[{ first }]] = await conn.query('SELECT MIN(id) AS first FROM users');
    const userId = (i) => first + i;
    await insertMany(conn, 'categories', ['categoryName', 'createdAt', 'updatedAt'], TAGS.map((t) => [t, joined, joined]));
    const [[{ firstCategory }]] = await conn.query('SELECT MIN(id) AS firstCategory FROM categories');
    const blogs = [];
    for (let i = 1; i <= COUNTS.articles; i++) {
      const created = new Date(SEED_START + i * 3_600_000);
      blogs.push([articleTitle(random, i), clip(paragraph(random, 2), 255), Math.floor(random() * 50), Math.floor(random() * 5000), `https://img.corpus.test/b/${i}.png`, clip(paragraph(random, 4 + Math.floor(random() * 8)), 1024), String(firstCategory + Math.floor(random() * TAGS.length)), created, created]);
    }
    await insertMany(conn, 'blogs', ['title', 'brief', 'praise', 'browse', 'thumbnail', 'description', 'categoryId', 'createdAt', 'updatedAt'], blogs);
    const [[{ firstBlog }]] = await conn.query('SELECT MIN(id) AS firstBlog FROM blogs');
    await insertMany(conn, 'likes', ['userId', 'blogId', 'createdAt', 'updatedAt'], pairs(random, COUNTS.favorites, COUNTS.users, COUNTS.articles).map(([u, b]) => [userId(u), firstBlog + b, joined, joined]));
    const comments = [];
    for (let i = 0; i < COUNTS.comments; i++) {
      const created = new Date(SEED_START + i * 1_800_000);
      comments.push([clip(paragraph(random, 1 + Math.floor(random() * 2)), 255), String(Math.floor(random() * 10)), userId(Math.floor(random() * COUNTS.users)), 'Linux', 'Firefox', `10.0.${i % 250}.${(i * 7) % 250}`, created, created]);
    }
    await insertMany(conn, 'comments', ['content', 'praise', 'userId', 'os', 'Browser', 'IP', 'createdAt', 'updatedAt'], comments);
    await conn.query('ANALYZE TABLE users, blogs, categories, likes, comments');
    return COUNTS;
  } finally {
    await conn.end();
  }
}
