import http from 'node:http';

/**
 * A local SMS gateway for the browser tests, speaking the app's gateway protocol (platform/sms.ts):
 * POST /sms with JSON {to, text} is kept; GET /messages lists what arrived, oldest first.
 */
const port = Number(process.env.PORT ?? 3195);
const received: { to: string; text: string; receivedAt: string }[] = [];

const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/messages') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(received));
    return;
  }
  if (request.method !== 'POST' || request.url !== '/sms') {
    response.writeHead(404).end();
    return;
  }
  let raw = '';
  request.on('data', (chunk) => (raw += chunk));
  request.on('end', () => {
    const body = JSON.parse(raw || '{}') as { to?: string; text?: string };
    if (!body.to || !body.text) {
      response.writeHead(400).end();
      return;
    }
    received.push({ to: body.to, text: body.text, receivedAt: new Date().toISOString() });
    response.writeHead(202).end();
  });
});

server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)));
