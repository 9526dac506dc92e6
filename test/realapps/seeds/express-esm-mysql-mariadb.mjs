// Realistic data for express-esm-mysql-mariadb (TechTalk, a social network for developers). The schema is made by
// the set-up from the app's own dump; this fills it. Deterministic (a seeded generator). A social network is wider
// than the blogs of the other apps, so its sizes are its own:
//   20,000 users (user name `user<N>`, the login's key; e-mail user<N>@corpus.test; password "password123" hashed by
//   bcryptjs at cost 10, as its register does with genSaltSync(10)), 100,000 posts (up to the schema's 200
//   characters, ten minutes apart), 100,000 follows (relationships), 150,000 likes, 100,000 comments (40,000 of them
//   on the 2,000 newest posts, 20 each: the posts people are talking about; the rest spread over all posts).
import mysql from 'mysql2/promise';
import bcrypt from 'bcryptjs';
import { corpusRandom, insertManyMysql, pairs, paragraph, PASSWORD, SEED_START } from './text.mjs';

export const COUNTS = { users: 20000, posts: 100000, follows: 100000, likes: 150000, comments: 100000, popularPosts: 2000, commentsPerPopularPost: 20 };

const clip = (text, n) => (text.length <= n ? text : text.slice(0, n - 1).replace(/\s+\S*$/, '') + '.');
const at = (ms) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

const insertMany = (conn, table, columns, rows) => insertManyMysql(conn, table, columns, rows, 5000);

export async function seed({ mariadb }) {
  const conn = await mysql.createConnection({ host: mariadb.host, port: mariadb.port, user: 'root', database: 'social' });
  try {
    // The rows are consistent by construction: the server need not check every foreign key while loading them.
    await conn.query('SET SESSION foreign_key_checks = 0, unique_checks = 0');
    const random = corpusRandom(77);
    const hash = bcrypt.hashSync(PASSWORD, 10);
    const users = [];
    for (let i = 1; i <= COUNTS.users; i++) {
      const [first, second] = paragraph(random, 1).toLowerCase().replace('.', '').split(' ');
      users.push([i, `user${i}`, `user${i}@corpus.test`, hash, `${first} ${second} ${i}`.slice(0, 45), `cover${i % 12}.jpg`, `avatar${i}.png`, 'Toronto', `user${i}.dev`, `user${i}`]);
    }
    await insertMany(conn, 'users', ['id', 'username', 'email', 'password', 'name', 'coverPic', 'profilePic', 'city', 'website', 'github'], users);
    const posts = [];
    for (let i = 1; i <= COUNTS.posts; i++) {
      const img = random() < 0.3 ? `post${i}.jpg` : null;
      posts.push([i, clip(paragraph(random, 1 + Math.floor(random() * 2)), 200), img, 1 + Math.floor(random() * COUNTS.users), at(SEED_START + i * 600_000)]);
    }
    await insertMany(conn, 'posts', ['id', 'desc', 'img', 'userId', 'createdAt'], posts);
    await insertMany(conn, 'relationships', ['followerUserId', 'followedUserId'], pairs(random, COUNTS.follows, COUNTS.users, COUNTS.users, true).map(([a, b]) => [a + 1, b + 1]));
    await insertMany(conn, 'likes', ['userId', 'postId'], pairs(random, COUNTS.likes, COUNTS.users, COUNTS.posts).map(([u, p]) => [u + 1, p + 1]));
    const comments = [];
    const firstPopular = COUNTS.posts - COUNTS.popularPosts + 1;
    for (let i = 0; i < COUNTS.comments; i++) {
      const popular = i < COUNTS.popularPosts * COUNTS.commentsPerPopularPost;
      const postId = popular ? firstPopular + (i % COUNTS.popularPosts) : 1 + Math.floor(random() * COUNTS.posts);
      comments.push([clip(paragraph(random, 1), 200), at(SEED_START + postId * 600_000 + (i % 97) * 60_000), 1 + Math.floor(random() * COUNTS.users), postId]);
    }
    await insertMany(conn, 'comments', ['desc', 'createdAt', 'userId', 'postId'], comments);
    await conn.query('ANALYZE TABLE users, posts, relationships, likes, comments');
    return COUNTS;
  } finally {
    await conn.end();
  }
}
