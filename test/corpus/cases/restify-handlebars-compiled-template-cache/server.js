'use strict';
// A newsletter service's preview pages on restify. Pages are rendered from six Handlebars templates; each template
// is compiled once, the first time it is asked for, and kept (compiledTemplate), so the cache holds at most six
// compiled functions however many requests come. Each request renders a page of twenty items into HTML.
const restify = require('restify');
const Handlebars = require('handlebars');

const SOURCES = {
  digest: '<h1>{{title}}</h1><ul>{{#each items}}<li><a href="/a/{{id}}">{{headline}}</a> <small>{{author}}</small></li>{{/each}}</ul>',
  promo: '<section class="promo"><h2>{{title}}</h2>{{#each items}}<article><h3>{{headline}}</h3><p>{{summary}}</p><b>{{price}}</b></article>{{/each}}</section>',
  events: '<table><caption>{{title}}</caption>{{#each items}}<tr><td>{{id}}</td><td>{{headline}}</td><td>{{author}}</td></tr>{{/each}}</table>',
  jobs: '<div>{{title}}</div>{{#each items}}<div class="job">{{headline}} at {{author}} {{#if featured}}<em>featured</em>{{/if}}</div>{{/each}}',
  welcome: '<p>Hello {{title}},</p>{{#each items}}<p>{{summary}}</p>{{/each}}<footer>Unsubscribe any time</footer>',
  recap: '<ol>{{#each items}}<li>{{headline}} ({{price}}) by {{author}}{{#if featured}} *{{/if}}</li>{{/each}}</ol>',
};

const compiled = new Map();
function compiledTemplate(name) {
  let template = compiled.get(name);
  if (!template) {
    template = Handlebars.compile(SOURCES[name]);
    compiled.set(name, template);
  }
  return template;
}

function pageData(name, page) {
  return {
    title: `${name} issue ${page}`,
    items: Array.from({ length: 20 }, (_, i) => ({
      id: page * 20 + i,
      headline: `Story ${page * 20 + i}: what changed this week`,
      author: `Writer ${(page * 7 + i) % 40}`,
      summary: `A short summary of story ${page * 20 + i}, two sentences long. It says what happened and why it matters.`,
      price: `${((page * 20 + i) * 7919) % 9000 / 100} EUR`,
      featured: i % 5 === 0,
    })),
  };
}

const server = restify.createServer({ name: 'newsletter-preview' });
server.get('/preview/:template/:page', (req, res, next) => {
  const name = req.params.template;
  if (!SOURCES[name]) {
    res.send(404, { error: 'no such template' });
    return next();
  }
  const html = compiledTemplate(name)(pageData(name, Number(req.params.page) || 1));
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
  return next();
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`restify-handlebars-compiled-template-cache listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  server.close(() => process.exit(0));
  if (server.server.closeAllConnections) server.server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
