import http from 'node:http';

/**
 * A local stand-in for a LibreTranslate server, for the browser tests: POST /translate answers the
 * text tagged with the target language ("[en] Hallo"); GET /languages answers a short list.
 */
const port = Number(process.env.PORT ?? 3198);

const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/languages') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify([{ code: 'en', name: 'English', targets: ['de', 'en', 'es', 'fr', 'hi', 'zh'] }]));
    return;
  }
  if (request.method !== 'POST' || request.url !== '/translate') {
    response.writeHead(404).end();
    return;
  }
  let raw = '';
  request.on('data', (chunk) => (raw += chunk));
  request.on('end', () => {
    const body = JSON.parse(raw || '{}') as { q?: string; target?: string };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ translatedText: `[${body.target}] ${body.q}` }));
  });
});

server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)));
