// The benchmark's yardstick: a minimal node:http server answering the same JSON as the product's
// catalogue reads, from the same SQL (baseline-answers.mjs). No framework, no GraphQL, no logging.
import http from 'node:http';
import { coursePage, home, legacyCourse, pool, search } from './baseline-answers.mjs';

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://baseline');
    let body;
    if (url.pathname === '/home') body = await home();
    else if (url.pathname.startsWith('/course/')) body = await coursePage(url.pathname.slice('/course/'.length));
    else if (url.pathname === '/search') body = await search(url.searchParams.get('text') ?? '');
    else if (url.pathname.startsWith('/api/courses/')) body = await legacyCourse(url.pathname.slice('/api/courses/'.length));
    else {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
