import { expect, test } from './test.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { expectAccessible, expectClientStateCleared, signIn, storedToken } from './support.ts';

test.describe('An expired session', () => {
  test('a token the server does not know sends the user to sign-in with every trace cleared', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('Token', 'garbage-token-that-was-never-issued');
      sessionStorage.setItem('draft', 'something the user typed');
      document.cookie = 'token=garbage-token-that-was-never-issued; Path=/';
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/user\/signin$/);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expectAccessible(page, 'sign-in after an unknown token');
    await expectClientStateCleared(page, context);
  });

  test('a token revoked elsewhere sends the user to sign-in with every trace cleared', async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    await signIn(page, DEMO_ACCOUNTS.buyer, DEMO_PASSWORD);
    const token = await storedToken(page);
    expect(token).toBeTruthy();

    // The same token is signed out from another client.
    const otherClient = await playwright.request.newContext({ baseURL });
    const logout = await otherClient.get('/api/v1/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(logout.status()).toBe(200);
    await otherClient.dispose();

    await page.reload();
    // Whether the refused token or the signed-out route guard redirects first, the sign-in page may carry the way back.
    await expect(page).toHaveURL(/\/user\/signin(\?next=%2Fdashboard)?$/);
    await expectClientStateCleared(page, context);
  });
});
