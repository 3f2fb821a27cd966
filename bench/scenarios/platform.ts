import Fastify from 'fastify';
import { DEMO_PASSWORD } from '@tradeloop/contracts/demo';
import { buildApp } from '../../apps/server/src/app.ts';
import { IN_MEMORY, loadConfig } from '../../apps/server/src/config.ts';
import { createRateLimiter, uncountedStore } from '../../apps/server/src/platform/rate-limit.ts';
import { measure, type Figures } from '../lib.ts';

/** The bench signs one account in thousands of times: counting is switched off for it, and only for it. */

export async function platformScenarios(options: { seconds: number; databaseUrl?: string }): Promise<Figures[]> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ status: true, data: [{ id: 1, code: 'USD' }] }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const config = loadConfig({ DATA_DIR: IN_MEMORY, LOG_LEVEL: 'silent', DATABASE_URL: options.databaseUrl ?? '' });
  const app = await buildApp(config, { rateLimiter: createRateLimiter(uncountedStore()) });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const email = 'bench.seller@example.test';
  const signup = await fetch(`${appUrl}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      full_name: 'Bench Seller',
      email_id: email,
      password: DEMO_PASSWORD,
      user_type: 'seller',
      company_name: 'Bench Works',
      company_type: 'Manufacturers',
    }),
  });
  if (signup.status !== 201 && signup.status !== 409) throw new Error(`bench sign-up failed: ${signup.status}`);

  const seconds = options.seconds;
  try {
    return [
      await measure('baseline: bare Fastify route', { url: `${bareUrl}/bare`, seconds }),
      await measure('GET /api/v1/currency', { url: `${appUrl}/api/v1/currency`, seconds }),
      await measure('POST /api/v1/auth/signin (scrypt)', {
        url: `${appUrl}/api/v1/auth/signin`,
        method: 'POST',
        body: { email_id: email, password: DEMO_PASSWORD },
        connections: 8,
        seconds,
      }),
    ];
  } finally {
    await app.close();
    await bare.close();
  }
}
