import fs from 'node:fs';
import { expect, test } from './test.ts';
import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { JOB_MESSAGES } from '@tradeloop/contracts/jobs';
import { DEMO_OPERATOR_EMAIL } from '@tradeloop/contracts/market-constants';
import {
  DELIVERY_WAIT,
  expectAccessible,
  expectShown,
  openLead,
  publishProduct,
  requestQuote,
  signIn,
  signUp,
  uniqueEmail,
} from './support.ts';

/** The app server's drills (apps/server/src/platform/job-drills.ts): deliveries it fails on purpose. */
const DRILLS = process.env.E2E_JOB_DRILLS_FILE!;

test('a delivery that fails reaches the operator with its error, and once the cause is gone the retry makes the lead', async ({
  browser,
}) => {
  // A seller of the story's own: the drill fails its company's deliveries only.
  const stamp = Date.now().toString(36);
  const seller = await (await browser.newContext()).newPage();
  await signUp(seller, {
    kind: 'seller',
    fullName: `Meera Iyer ${stamp}`,
    email: uniqueEmail('drill-seller'),
    companyName: `Iyer Pumps ${stamp}`,
    companyType: 'Manufacturers',
  });
  const productPath = await publishProduct(seller, `Drill Test Pump ${stamp}`);
  const user = JSON.parse((await seller.evaluate(() => localStorage.getItem('userData')))!) as { company_id: number };
  const companyId = user.company_id;

  // The CRM's delivery of this seller's quote requests breaks.
  const error = `The CRM’s storage is down (drill ${stamp})`;
  fs.writeFileSync(DRILLS, JSON.stringify([{ queue: 'event:crm.lead-from-quote', company: companyId, error }]));
  try {
    // A buyer asks for a price.
    const surname = `Okafor${stamp}`;
    const buyer = await (await browser.newContext()).newPage();
    await signUp(buyer, { kind: 'buyer', fullName: `Chidi ${surname}`, email: uniqueEmail('drill-buyer') });
    await requestQuote(buyer, productPath, '6');

    // The operator finds the failed delivery by the seller's company, with its error.
    const operator = await (await browser.newContext()).newPage();
    await signIn(operator, DEMO_OPERATOR_EMAIL, DEMO_PASSWORD);
    await operator.goto('/operator/jobs');
    await operator.getByRole('textbox', { name: 'Company id' }).fill(String(companyId));
    await operator.getByRole('button', { name: 'Search' }).click();
    const failed = operator
      .getByRole('table', { name: 'Failed deliveries' })
      .getByRole('row')
      .filter({ hasText: error });
    // The list is asked again every few seconds: the delivery shows once the runner has tried it.
    await expect(failed).toBeVisible(DELIVERY_WAIT);
    await expect(failed).toContainText('quote.submitted');
    await expect(failed).toContainText('crm.lead-from-quote');
    await expectAccessible(operator, 'a failed delivery on the operator’s console');

    // The cause is removed; the operator retries, and the seller's CRM has the buyer's lead.
    fs.writeFileSync(DRILLS, '[]');
    await failed.getByRole('button', { name: /^Retry delivery/ }).click();
    await expectShown(operator, JOB_MESSAGES.retried);
    await expect(failed).toBeHidden();
    await openLead(seller, surname, `Chidi ${surname}`);
  } finally {
    fs.rmSync(DRILLS, { force: true });
  }
});
