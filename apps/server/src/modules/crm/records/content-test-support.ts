import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TimelineEntry } from '@tradeloop/contracts/crm/timeline';
import type { TestUser } from '../../../../test/helpers.ts';
import { crm } from '../test-support.ts';

/** A record's timeline entries, newest first; `query` names the record (lead_id=…) and may add kind=…. */
export async function timelineOf(app: FastifyInstance, user: TestUser, query: string) {
  const response = await crm(app, user, 'GET', `crm/activities/list?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { data: TimelineEntry[] }).data;
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
