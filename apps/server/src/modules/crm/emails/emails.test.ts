import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '@tradeloop/contracts/crm/records';
import type { CrmEmail, EmailRecipient } from '@tradeloop/contracts/crm/emails';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { outboxMessages } from '../../../platform/mail.ts';
import { createRecord, crm } from '../test-support.ts';
import { startSmtpServer } from '../../../../test/smtp.ts';
import { timelineOf } from '../records/content-test-support.ts';

const draftsPath = 'crm/emails/create_emails';

/** Without SMTP_URL: mail goes into the outbox. */
describe('e-mails on records, without SMTP', () => {
  let app: FastifyInstance;
  let seller: TestUser;
  let intruder: TestUser;
  let lead: { id: number; unique_id: string };

  beforeAll(async () => {
    app = await createTestApp();
    seller = await signUp(app, 'seller');
    intruder = await signUp(app, 'seller');
    lead = await createRecord(app, seller, 1, { first_name: 'Erin', company: 'Mail Co', email: 'erin@mail.example' });
  });
  afterAll(() => app.close());

  const save = (user: TestUser, body: Record<string, unknown>) => crm(app, user, 'POST', draftsPath, body);
  const update = (user: TestUser, id: number, body: Record<string, unknown>) =>
    crm(app, user, 'PUT', `${draftsPath}/${id}`, body);
  const show = async (id: number) =>
    (await crm(app, seller, 'GET', `lead/activitiy_email/show?id=${id}`)).json().data as CrmEmail;

  describe('drafts: POST or PUT crm/emails/create_emails[/{draftId}]', () => {
    it('creates a draft without id, and updates it by POST with its id or by PUT, leaving out what is not sent', async () => {
      const created = await save(seller, { crm_unique_id: lead.unique_id, subject: 'Hello' });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().message).toBe(CONTENT_MESSAGES.draftSaved);
      const draft = created.json().data as CrmEmail;
      expect(draft).toMatchObject({ status: 'draft', subject: 'Hello', to: [], record_id: lead.id, sent_at: null });

      const viaPost = await save(seller, {
        id: draft.id,
        crm_unique_id: lead.unique_id,
        to: ['Erin@Mail.example', 'erin@mail.example'],
        body: '<p>First line</p>',
      });
      expect(viaPost.statusCode, viaPost.body).toBe(200);
      expect(viaPost.json().data).toMatchObject({ id: draft.id, to: ['erin@mail.example'], subject: 'Hello' });

      const viaPut = await update(seller, draft.id, { cc: ['boss@mail.example'], subject: 'Hello again' });
      expect(viaPut.statusCode, viaPut.body).toBe(200);
      expect(await show(draft.id)).toMatchObject({
        to: ['erin@mail.example'],
        cc: ['boss@mail.example'],
        subject: 'Hello again',
        body: '<p>First line</p>',
        status: 'draft',
      });
      const list = (await crm(app, seller, 'GET', `${draftsPath}?crm_unique_id=${lead.unique_id}`)).json().data;
      expect(list.filter((email: CrmEmail) => email.id === draft.id)).toHaveLength(1);
      // Drafts leave no trace in the history.
      expect(await timelineOf(app, seller, `lead_id=${lead.id}&kind=email_sent`)).toEqual([]);
    });

    it('keeps only safe HTML from the editor', async () => {
      const body =
        '<p onclick="steal()">Hi <strong>there</strong> <a href="javascript:alert(1)">bad</a> <a href="https://tradeloop.example">good</a></p><script>alert(1)</script><img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe>';
      const draft = (await save(seller, { crm_unique_id: lead.unique_id, body })).json().data as CrmEmail;
      expect(draft.body).toBe(
        '<p>Hi <strong>there</strong> <a target="_blank" rel="noopener noreferrer nofollow">bad</a> <a href="https://tradeloop.example" target="_blank" rel="noopener noreferrer nofollow">good</a></p>',
      );
    });

    it('refuses bad addresses, a long subject, and a draft of another record', async () => {
      const bad = await save(seller, { crm_unique_id: lead.unique_id, to: ['not-an-address'] });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().message).toBe(CONTENT_MESSAGES.emailAddressInvalid);
      const long = await save(seller, { crm_unique_id: lead.unique_id, subject: 'x'.repeat(256) });
      expect(long.json().message).toBe(CONTENT_MESSAGES.emailSubjectTooLong);
      const missing = await save(seller, { subject: 'No record' });
      expect(missing.json().message).toBe(CONTENT_MESSAGES.recordRequired);
      const other = await createRecord(app, seller, 1, { first_name: 'Other' });
      const draft = (await save(seller, { crm_unique_id: lead.unique_id })).json().data as CrmEmail;
      const moved = await save(seller, { id: draft.id, crm_unique_id: other.unique_id, subject: 'Moved' });
      expect(moved.statusCode).toBe(422);
      expect(moved.json().message).toBe(CONTENT_MESSAGES.emailOtherRecord);
    });
  });

  describe('sending', () => {
    it('puts the e-mail into the outbox, marks it sent with the outbox id, and writes the timeline', async () => {
      const draft = (
        await save(seller, {
          crm_unique_id: lead.unique_id,
          to: ['erin@mail.example'],
          cc: ['team@mail.example'],
          subject: 'Your quotation',
          body: '<p>Dear Erin,</p><p>Prices &amp; terms: <a href="https://tradeloop.example/q/1">here</a></p>',
        })
      ).json().data as CrmEmail;
      const sent = await update(seller, draft.id, { send: true });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().message).toBe(CONTENT_MESSAGES.emailSent);
      const email = sent.json().data as CrmEmail;
      expect(email.status).toBe('sent');
      expect(email.sent_at).not.toBeNull();
      expect(email.outbox_id).toEqual(expect.any(Number));

      const [message] = await outboxMessages(app.db, { id: email.outbox_id! });
      expect(message).toMatchObject({ recipient: 'erin@mail.example', subject: 'Your quotation', status: 'logged' });
      expect(message.bodyHtml).toBe(email.body);
      expect(message.bodyText).toBe('Dear Erin,\n\nPrices & terms: here (https://tradeloop.example/q/1)');

      const [entry] = await timelineOf(app, seller, `lead_id=${lead.id}&kind=email_sent`);
      expect(entry).toMatchObject({
        summary: 'E-mail sent: Your quotation to erin@mail.example, team@mail.example',
        actor: { id: seller.id },
        details: { email_id: email.id },
      });
    });

    it('can send in the same call that creates the draft, and never changes a sent e-mail', async () => {
      const sent = await save(seller, {
        crm_unique_id: lead.unique_id,
        to: ['erin@mail.example'],
        subject: 'Straight out',
        send: true,
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const email = sent.json().data as CrmEmail;
      expect(email.status).toBe('sent');
      const edit = await update(seller, email.id, { subject: 'Changed' });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().message).toBe(CONTENT_MESSAGES.emailAlreadySent);
      const again = await save(seller, { id: email.id, crm_unique_id: lead.unique_id, send: true });
      expect(again.statusCode).toBe(409);
      expect((await show(email.id)).subject).toBe('Straight out');
    });

    it('refuses to send without a recipient or a subject, and then keeps no new draft', async () => {
      const count = async () =>
        ((await crm(app, seller, 'GET', `${draftsPath}?crm_unique_id=${lead.unique_id}`)).json().data as CrmEmail[])
          .length;
      const before = await count();
      const noTo = await save(seller, { crm_unique_id: lead.unique_id, subject: 'Nobody', send: true });
      expect(noTo.statusCode).toBe(422);
      expect(noTo.json().message).toBe(CONTENT_MESSAGES.emailRecipientRequired);
      const noSubject = await save(seller, { crm_unique_id: lead.unique_id, to: ['erin@mail.example'], send: true });
      expect(noSubject.json().message).toBe(CONTENT_MESSAGES.emailSubjectRequired);
      expect(await count()).toBe(before);
    });
  });

  describe('listing, showing and deleting', () => {
    it('lists newest first and deletes drafts and sent e-mails of the company by ids', async () => {
      const contact = await createRecord(app, seller, 4, { first_name: 'Del', email: 'del@mail.example' });
      const first = (await save(seller, { crm_unique_id: contact.unique_id, subject: 'One' })).json().data;
      const second = (
        await save(seller, { crm_unique_id: contact.unique_id, subject: 'Two', to: ['del@mail.example'], send: true })
      ).json().data;
      const list = (await crm(app, seller, 'GET', `${draftsPath}?crm_unique_id=${contact.unique_id}`)).json().data;
      expect(list.map((email: CrmEmail) => email.subject)).toEqual(['Two', 'One']);
      const info = await crm(app, seller, 'GET', `contact/info-sidebar?contact_id=${contact.id}`);
      expect(info.json().data.analytics.emails).toBe(2);

      const none = await crm(app, seller, 'DELETE', 'crm/emails/delete_myemails', { ids: [] });
      expect(none.statusCode).toBe(422);
      expect(none.json().message).toBe(CONTENT_MESSAGES.emailsRequired);
      const deleted = await crm(app, seller, 'DELETE', 'crm/emails/delete_myemails', { ids: [first.id, second.id] });
      expect(deleted.json()).toMatchObject({ data: { count: 2 }, message: CONTENT_MESSAGES.emailsDeleted(2) });
      expect((await crm(app, seller, 'GET', `lead/activitiy_email/show?id=${first.id}`)).statusCode).toBe(404);
    });
  });

  describe('GET /crm/v1/crm/emails/recipients', () => {
    const suggestions = async (uniqueId: string) =>
      (
        (await crm(app, seller, 'GET', `crm/emails/recipients?crm_unique_id=${uniqueId}`)).json()
          .data as EmailRecipient[]
      )
        .map((item) => `${item.source}:${item.email}:${item.name}`)
        .sort();

    it('offers the record’s addresses and its contacts’: of an account, of a deal, of a converted lead', async () => {
      const account = await createRecord(app, seller, 3, { account_name: 'Acme', email: 'info@acme.example' });
      const ann = await createRecord(app, seller, 4, {
        first_name: 'Ann',
        email: 'ann@acme.example',
        account: account.id,
      });
      await createRecord(app, seller, 4, { first_name: 'Bob', email: 'BOB@acme.example', account: account.id });
      await createRecord(app, seller, 4, { first_name: 'Nomail', account: account.id });
      expect(await suggestions(account.unique_id)).toEqual([
        'contact:ann@acme.example:Ann',
        'contact:bob@acme.example:Bob',
        'record:info@acme.example:Acme',
      ]);
      const deal = await createRecord(app, seller, 2, { deal_name: 'Pumps', account: account.id, contacts: [ann.id] });
      expect(await suggestions(deal.unique_id)).toEqual(['contact:ann@acme.example:Ann']);

      const prospect = await createRecord(app, seller, 1, {
        first_name: 'Pat',
        company: 'Pat Co',
        email: 'pat@lead.example',
      });
      const converted = await crm(app, seller, 'POST', 'lead/convert', { lead_id: prospect.id });
      const contactId = converted.json().data.contact.id;
      await crm(app, seller, 'PUT', `crm/update_record/${contactId}`, {
        values: { first_name: 'Pat', email: 'pat@customer.example' },
      });
      expect(await suggestions(prospect.unique_id)).toEqual([
        'contact:pat@customer.example:Pat',
        'record:pat@lead.example:Pat',
      ]);
    });
  });

  describe('another company', () => {
    it('gets 404 from every e-mail route that names one of ours, and deletes none', async () => {
      const draft = (await save(seller, { crm_unique_id: lead.unique_id, subject: 'Ours' })).json().data as CrmEmail;
      const expectNotFound = async (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) =>
        expect((await crm(app, intruder, method, path, payload)).statusCode, `${method} ${path}`).toBe(404);
      await expectNotFound('GET', `${draftsPath}?crm_unique_id=${lead.unique_id}`);
      await expectNotFound('POST', draftsPath, { crm_unique_id: lead.unique_id, subject: 'Theirs' });
      await expectNotFound('POST', draftsPath, { id: draft.id, crm_unique_id: lead.unique_id, subject: 'Hacked' });
      await expectNotFound('PUT', `${draftsPath}/${draft.id}`, { subject: 'Hacked', send: true });
      await expectNotFound('GET', `lead/activitiy_email/show?id=${draft.id}`);
      await expectNotFound('GET', `crm/emails/recipients?crm_unique_id=${lead.unique_id}`);
      const deleted = await crm(app, intruder, 'DELETE', 'crm/emails/delete_myemails', { ids: [draft.id] });
      expect(deleted.statusCode).toBe(404);
      expect((await show(draft.id)).subject).toBe('Ours');
    });
  });
});

/** With SMTP_URL: mail goes to a real SMTP server started by the test. */
// Each test builds an app of its own around its SMTP server: a fresh database takes most of the time.
describe('sending e-mails through SMTP', () => {
  it('delivers to and cc as one message to the SMTP server', async () => {
    const smtp = await startSmtpServer();
    const app = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const seller = await signUp(app, 'seller');
      const lead = await createRecord(app, seller, 1, { first_name: 'Sam', email: 'sam@buyer.example' });
      const response = await crm(app, seller, 'POST', draftsPath, {
        crm_unique_id: lead.unique_id,
        to: ['sam@buyer.example'],
        cc: ['colleague@buyer.example'],
        subject: 'Delivery schedule',
        body: '<p>Shipping <em>next week</em>.</p>',
        send: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data.status).toBe('sent');
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail.to.sort()).toEqual(['colleague@buyer.example', 'sam@buyer.example']);
      expect(mail.data).toContain('Subject: Delivery schedule');
      expect(mail.data).toMatch(/^Cc: colleague@buyer\.example/m);
      expect(mail.data.toLowerCase()).toContain(`reply-to: ${seller.email.toLowerCase()}`);
      expect(mail.data).toContain('<p>Shipping <em>next week</em>.</p>');
      const [message] = await outboxMessages(app.db, { id: response.json().data.outbox_id });
      expect(message.status).toBe('sent');
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it('marks the e-mail failed and keeps it editable when the server refuses it', async () => {
    const smtp = await startSmtpServer({ refuse: true });
    const app = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const seller = await signUp(app, 'seller');
      const lead = await createRecord(app, seller, 1, { first_name: 'Rita' });
      const response = await crm(app, seller, 'POST', draftsPath, {
        crm_unique_id: lead.unique_id,
        to: ['rita@nowhere.example'],
        subject: 'Will bounce',
        send: true,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().message).toBe(CONTENT_MESSAGES.emailFailed);
      const email = response.json().data as CrmEmail;
      expect(email).toMatchObject({ status: 'failed', sent_at: null });
      expect(await timelineOf(app, seller, `lead_id=${lead.id}&kind=email_sent`)).toEqual([]);
      const fixed = await crm(app, seller, 'PUT', `${draftsPath}/${email.id}`, { to: ['rita@somewhere.example'] });
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect(fixed.json().data.to).toEqual(['rita@somewhere.example']);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
