import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { createDemoApp } from '../../../test/helpers.ts';
import { and, eq, isNull } from 'drizzle-orm';
import { CRM_TYPE } from '@tradeloop/contracts/crm/records';
import { crmForms } from './forms/tables.ts';
import { emailKey, phoneKey } from './records/duplicates.ts';
import { crmRecords } from './records/tables.ts';
import { crm, listing } from './test-support.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createDemoApp();
});
afterAll(() => app.close());

async function signIn(email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    payload: { email_id: email, password: DEMO_PASSWORD },
  });
  return { token: response.json().data.token as string, id: 0, email, companyId: null };
}

describe('CRM demo data', () => {
  it('gives every demo company its forms, and the demo seller a live pipeline its sub-user shares', async () => {
    const forms = await app.db.select({ companyId: crmForms.companyId }).from(crmForms);
    expect(new Set(forms.map((form) => form.companyId)).size).toBe(forms.length / 4);
    const sub = await signIn(DEMO_ACCOUNTS.subuser);
    const totals = await Promise.all(
      [1, 2, 3, 4].map(async (typeId) => (await listing(app, sub, { type_id: typeId })).total),
    );
    expect(totals[0]).toBeGreaterThanOrEqual(30);
    expect(totals.slice(1).every((total) => total >= 10)).toBe(true);
    const stats = (await crm(app, sub, 'GET', 'crm/statistics')).json().data.total;
    expect(stats.converted_leads).toBeGreaterThan(0);
    const views = (await crm(app, sub, 'GET', 'crm/custom_view?type_id=1')).json().data;
    expect(views.map((view: { name: string }) => view.name)).toContain('Hot leads');
    const board = (await crm(app, sub, 'GET', 'crm/kanbon_data_list?type_id=2')).json().data;
    expect(board.columns.some((column: { amount: number }) => column.amount > 0)).toBe(true);
  });

  it('counts each view and saved filter as its list shows it, for the seller and its sub-user (issue 42)', async () => {
    type Counted = { id: number | null; name: string; filters: unknown[]; total_results: number };
    for (const email of [DEMO_ACCOUNTS.seller, DEMO_ACCOUNTS.subuser]) {
      const user = await signIn(email);
      for (const typeId of [1, 2, 3, 4]) {
        const views: Counted[] = (await crm(app, user, 'GET', `crm/custom_view?type_id=${typeId}`)).json().data;
        const saved: Counted[] = (await crm(app, user, 'GET', `lead/filter-list?type_id=${typeId}`)).json().data
          .savedFilterRequests;
        for (const view of views) {
          const shown = await listing(app, user, { type_id: typeId, ...(view.id ? { custom_view_id: view.id } : {}) });
          expect(view.total_results, `${email}: view ${view.name}`).toBe(shown.total);
        }
        for (const filter of saved) {
          const shown = await listing(app, user, { type_id: typeId, filters: filter.filters });
          expect(filter.total_results, `${email}: filter ${filter.name}`).toBe(shown.total);
        }
      }
    }
  });

  it('has no two leads of a company sharing an e-mail or a phone (issue 42)', async () => {
    const leads = await app.db
      .select({ companyId: crmRecords.companyId, values: crmRecords.values })
      .from(crmRecords)
      .where(and(eq(crmRecords.typeId, CRM_TYPE.leads), isNull(crmRecords.deletedAt)));
    expect(leads.length).toBeGreaterThanOrEqual(30);
    const seen = new Map<string, number>();
    const shared: string[] = [];
    for (const { companyId, values } of leads) {
      const keys = [emailKey(values.email), ...new Set([phoneKey(values.phone), phoneKey(values.mobile)])].filter(
        Boolean,
      );
      expect(keys.length, JSON.stringify(values)).toBeGreaterThan(0);
      for (const key of keys) {
        const seenKey = `${companyId}:${key}`;
        seen.set(seenKey, (seen.get(seenKey) ?? 0) + 1);
        if (seen.get(seenKey) === 2) shared.push(seenKey);
      }
    }
    expect(shared).toEqual([]);
  });
});
