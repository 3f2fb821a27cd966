import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CompanyType } from '@tradeloop/contracts/auth';
import type { ProductSearchInput, ProductSearchResult } from '@tradeloop/contracts/market';
import { as, uniqueEmail, type TestUser } from '../../../test/helpers.ts';
import { createSession } from '../../platform/sessions.ts';
import { createAccount, setPlan } from '../accounts/public.ts';
import { grantOperator } from './rates.ts';

/** A seller whose company has a type and a country (sign-up sets no country), signed in. */
export async function sellerOf(
  app: FastifyInstance,
  company: { name: string; type: CompanyType; country: string; plan?: string },
): Promise<TestUser> {
  const email = uniqueEmail('seller');
  const created = await app.db.transaction((tx) =>
    createAccount(tx, {
      fullName: `${company.name} Sales`,
      emailId: email,
      passwordHash: null,
      userType: 'seller',
      emailVerified: true,
      company: { name: company.name, type: company.type, countryCode: company.country },
      profile: { country: company.country, city: 'Main City' },
    }),
  );
  if (company.plan) await setPlan(app.db, created.userId, company.plan);
  const { token } = await createSession(app.db, created.userId, {});
  return { token, id: created.userId, email, companyId: created.companyId };
}

/** A signed-in platform operator (docs/decisions/014). */
export async function operatorOf(app: FastifyInstance): Promise<TestUser> {
  const email = uniqueEmail('operator');
  const created = await app.db.transaction((tx) =>
    createAccount(tx, { fullName: 'Operator', emailId: email, passwordHash: null, userType: 'others' }),
  );
  await grantOperator(app.db, created.userId);
  const { token } = await createSession(app.db, created.userId, {});
  return { token, id: created.userId, email, companyId: null };
}

export async function search(app: FastifyInstance, body: ProductSearchInput = {}): Promise<ProductSearchResult> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/front/product/list', payload: body });
  if (response.statusCode !== 200) throw new Error(`search failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

export const idsOf = (result: { data: { id: number }[] }) =>
  result.data.map((product) => product.id).sort((a, b) => a - b);

export async function setStatus(app: FastifyInstance, seller: TestUser, id: number, status: 'active' | 'inactive') {
  const response = await as(app, seller, { method: 'POST', url: '/api/v1/product/status', payload: { id, status } });
  if (response.statusCode !== 200) throw new Error(`status failed: ${response.body}`);
}

/** A built web app stand-in: the server serves index.html (with its head) for page paths. */
export function webDistWithIndex(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradeloop-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="TradeLoop default description."
    />
    <title>TradeLoop · B2B trade marketplace</title>
  </head>
  <body><div id="root"></div></body>
</html>
`,
  );
  return dir;
}
