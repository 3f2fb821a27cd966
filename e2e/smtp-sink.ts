import http from 'node:http';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the browser tests: it accepts every message the app sends on SMTP_PORT and
 * lists what arrived on HTTP_PORT (GET /messages: envelope recipients, subject and raw source).
 */
const smtpPort = Number(process.env.SMTP_PORT ?? 3197);
const httpPort = Number(process.env.HTTP_PORT ?? 3196);

type Received = { from: string; to: string[]; subject: string; raw: string; receivedAt: string };
const received: Received[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        subject,
        raw,
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

const web = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/messages') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(received));
    return;
  }
  response.writeHead(404).end();
});
web.listen(httpPort, '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    smtp.close(() => web.close(() => process.exit(0)));
  });
