import { startOidcProvider } from '../apps/server/test/oidc-provider.ts';

/**
 * The "Google" of the browser tests: a real OpenID Connect provider (oidc-provider) on this machine,
 * with the app as its client (PKCE required). Its sign-in page asks only for an e-mail address; every
 * address typed is an account with a verified address (apps/server/test/oidc-provider.ts).
 */
const provider = await startOidcProvider({
  port: Number(process.env.PORT ?? 3201),
  clientId: process.env.CLIENT_ID ?? 'tradeloop-e2e',
  clientSecret: process.env.CLIENT_SECRET ?? 'tradeloop-e2e-client-secret',
  redirectUris: [process.env.REDIRECT_URI ?? 'http://localhost:3199/api/v1/auth/social/google/callback'],
  mode: 'form',
});

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void provider.close().then(() => process.exit(0)));
