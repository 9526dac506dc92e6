'use strict';
// A shop's SEO endpoints. Crawlers and the CDN fetch /sitemap.xml all day, and renderSitemap builds the XML for all
// 400 product and category pages with fast-xml-parser's XMLBuilder on every request, although the page list only
// changes at deploy time (it could be built once and kept). Each request costs a couple of milliseconds, nearly all
// of it in the builder; no single request is long.
const http = require('node:http');
const { XMLBuilder } = require('fast-xml-parser');

const pages = [];
for (let i = 0; i < 400; i++) {
  const kind = i % 6 === 0 ? 'category' : 'product';
  pages.push({
    path: `/${kind}/${kind === 'category' ? 'c' : 'p'}-${10000 + i}-${['garden-chair', 'lamp', 'rug', 'shelf', 'desk'][i % 5]}`,
    updated: new Date(Date.UTC(2026, 8, 1 + (i % 28))).toISOString().slice(0, 10),
    images: (i % 3) + 1,
  });
}

function renderSitemap(origin) {
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true, attributeNamePrefix: '@_' });
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    urlset: {
      '@_xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9',
      '@_xmlns:image': 'http://www.google.com/schemas/sitemap-image/1.1',
      url: pages.map((page) => ({
        loc: origin + page.path,
        lastmod: page.updated,
        changefreq: page.path.startsWith('/category') ? 'daily' : 'weekly',
        priority: page.path.startsWith('/category') ? '0.8' : '0.6',
        'image:image': Array.from({ length: page.images }, (_, n) => ({ 'image:loc': `${origin}/img${page.path}-${n + 1}.jpg` })),
      })),
    },
  };
  return builder.build(doc);
}

const server = http.createServer((req, res) => {
  if (req.url === '/sitemap.xml') {
    const body = renderSitemap('https://shop.example.com');
    res.writeHead(200, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
    return res.end(body);
  }
  if (req.url === '/robots.txt') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    return res.end('User-agent: *\nAllow: /\nSitemap: https://shop.example.com/sitemap.xml\n');
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`http-sitemap-xmlbuilder listening on http://127.0.0.1:${server.address().port}`);
});
function shutdown() {
  setTimeout(() => process.exit(0), 1000).unref();
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
