import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_INBOX, type DevInbox } from '@tradeloop/contracts/dev-inbox';
import { as, createTestApp, settled, signUp } from '../../test/helpers.ts';

const readInbox = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/v1/dev/inbox' });

describe('the development inbox (decision 057)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('shows anyone a texted code and a mail, newest first, when no provider is configured', async () => {
    const buyer = await signUp(app, 'buyer');
    const number = `98${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    const asked = await as(app, buyer, {
      method: 'POST',
      url: '/api/v1/profile/verify/mobile',
      payload: { mobile_number: number, mobile_country_code: '91', country_code: 'IN', type: 'new' },
    });
    expect(asked.statusCode).toBe(200);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/resetPassword/request',
      payload: { email_id: buyer.email },
    });
    expect(reset.statusCode).toBe(200);
    await settled(app);

    const response = await readInbox(app);
    expect(response.statusCode).toBe(200);
    const inbox = response.json().data as DevInbox;
    expect(inbox.channels).toEqual({ email: true, sms: true });
    const [mail, text] = inbox.messages;
    expect(mail).toMatchObject({ channel: 'email', to: buyer.email });
    expect(mail.text).toContain('/resetPassword?token=');
    expect(text).toMatchObject({ channel: 'sms', to: `+91${number}` });
    expect(text.text).toMatch(/\b\d{4}\b/);
    expect(inbox.messages.map((message) => message.id)).toEqual(
      [...inbox.messages.map((message) => message.id)].sort((a, b) => b - a),
    );
    expect(inbox.messages.length).toBeLessThanOrEqual(DEV_INBOX.limit * 2);
  });
});

describe('with providers configured', () => {
  it('keeps only the channel without a provider, and answers 404 when both have one', async () => {
    const withSmtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      expect((await readInbox(withSmtp)).json().data.channels).toEqual({ email: false, sms: true });
    } finally {
      await withSmtp.close();
    }
    const withBoth = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1', SMS_URL: 'http://127.0.0.1:1/sms' });
    try {
      expect((await readInbox(withBoth)).statusCode).toBe(404);
    } finally {
      await withBoth.close();
    }
  });

  it('answers 404 in production, with no provider at all', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await readInbox(production)).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
