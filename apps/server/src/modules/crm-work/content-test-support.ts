import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import type { TimelineEntry } from '@tradeloop/contracts/crm-work';
import type { TestUser } from '../../../test/helpers.ts';
import { crm } from '../crm/test-support.ts';

/** A record's timeline entries, newest first; `query` names the record (lead_id=…) and may add kind=…. */
export async function timelineOf(app: FastifyInstance, user: TestUser, query: string) {
  const response = await crm(app, user, 'GET', `crm/activities/list?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { data: TimelineEntry[] }).data;
}

export type ReceivedMail = { from: string; to: string[]; data: string };

/**
 * A real SMTP server on a free local port that keeps what it receives, or refuses every recipient
 * when `refuse` is set. Its `url` goes into SMTP_URL.
 */
export async function startSmtpServer(options: { refuse?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse) callback(new Error('Mailbox unavailable'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((item) => item.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FormFile = { name: string; data: Buffer; type?: string; field?: string };

/** A multipart/form-data body for app.inject: text fields, then files (in images[] unless told). */
export function formData(fields: Record<string, string>, files: FormFile[]) {
  const boundary = `----tradeloop${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'images[]'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
