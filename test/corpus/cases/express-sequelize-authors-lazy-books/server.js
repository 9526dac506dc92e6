'use strict';
// A bookshop's catalogue API on Express, Sequelize and PostgreSQL. GET /authors lists a page of 25 authors
// (listAuthors) and then, for the page, each author's books through the lazy association getter, one author after
// another (withBooks): one query for the list and one more per author, where `include: Book` (a join) or one
// `author_id IN (...)` query would do. Every query is cheap and indexed; the page's time is the sum of 26 round trips.
const express = require('express');
const { Sequelize, DataTypes } = require('sequelize');

const sequelize = new Sequelize({
  dialect: 'postgres',
  host: process.env.PGHOST,
  port: Number(process.env.PGPORT),
  username: process.env.PGUSER,
  database: process.env.PGDATABASE,
  logging: false,
  pool: { max: 10, min: 0, idle: 30000 },
});

const Author = sequelize.define('Author', { name: { type: DataTypes.STRING, allowNull: false }, country: DataTypes.STRING }, { tableName: 'authors', timestamps: false });
const Book = sequelize.define('Book', { title: { type: DataTypes.STRING, allowNull: false }, year: DataTypes.INTEGER, priceCents: { type: DataTypes.INTEGER, field: 'price_cents' } }, { tableName: 'books', timestamps: false, indexes: [{ fields: ['author_id'] }] });
Author.hasMany(Book, { foreignKey: 'author_id' });
Book.belongsTo(Author, { foreignKey: 'author_id' });

async function seed() {
  await sequelize.sync({ force: true });
  await sequelize.query(`
    INSERT INTO authors (id, name, country) SELECT g, 'Author ' || g, (ARRAY['FR','UK','US','DE','JP'])[1 + g % 5] FROM generate_series(1, 3000) g;
    SELECT setval(pg_get_serial_sequence('authors', 'id'), 3000);
    INSERT INTO books (title, year, price_cents, author_id) SELECT 'Book ' || g, 1950 + g % 75, 500 + (g * 7919) % 4000, 1 + (g * 37) % 3000 FROM generate_series(1, 30000) g;
    ANALYZE authors; ANALYZE books;
  `);
}

async function listAuthors(page) {
  return Author.findAll({ order: [['id', 'ASC']], limit: 25, offset: (page - 1) * 25 });
}

async function withBooks(authors) {
  const out = [];
  for (const author of authors) {
    const books = await author.getBooks({ attributes: ['id', 'title', 'year', 'priceCents'], order: [['year', 'DESC']] });
    out.push({ id: author.id, name: author.name, country: author.country, books: books.map((b) => b.toJSON()) });
  }
  return out;
}

const app = express();
app.get('/authors', async (req, res, next) => {
  try {
    const page = Math.max(1, Number(req.query.page) || 1);
    res.json({ page, authors: await withBooks(await listAuthors(page)) });
  } catch (err) {
    next(err);
  }
});

let server;
seed().then(() => {
  server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    console.log(`express-sequelize-authors-lazy-books listening on http://127.0.0.1:${server.address().port}`);
  });
});
function shutdown() {
  const done = () => sequelize.close().finally(() => process.exit(0));
  if (!server) return done();
  server.close(done);
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
