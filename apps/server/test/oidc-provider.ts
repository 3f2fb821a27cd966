import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider on this machine (the `oidc-provider` package), for the social
 * sign-in tests (docs/decisions/037): one confidential client, PKCE required, accounts whose claims the
 * test chooses. Its sign-in page is a minimal interaction of ours: in `auto` mode it signs in the
 * account the test set with `signInNext` (or cancels when told) without a page; in `form` mode it shows
 * a one-field form (the browser test types an address and continues, or cancels).
 */
export type TestAccount = {
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
};

export type OidcProviderOptions = {
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  mode: 'auto' | 'form';
};

const SCOPE = 'openid email profile';

export async function startOidcProvider(options: OidcProviderOptions) {
  const accounts = new Map<string, TestAccount>();
  let next: { accountId: string } | { cancel: true } | null = null;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    // Keys and lifetimes of its own, so it runs without the package's development warnings.
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          kid: 'test',
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    cookies: { keys: ['tradeloop-test-provider-cookie-key'] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      // In form mode any address typed is an account with a verified address.
      const account = accounts.get(id) ?? (options.mode === 'form' ? formAccount(id) : undefined);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
    // A first-party client: the consent is given with the sign-in, no second page.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope(SCOPE);
      await grant.save();
      return grant;
    },
  });

  function formAccount(id: string): TestAccount {
    const local = id.split('@')[0] ?? id;
    const [given, family] = local.split('.');
    return { email: id, email_verified: true, name: [given, family].filter(Boolean).join(' '), given_name: given };
  }

  const callback = provider.callback();
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(request.url?.split('?')[0] ?? '');
    if (!match) {
      void callback(request, response);
      return;
    }
    handleInteraction(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });

  async function finish(request: http.IncomingMessage, response: http.ServerResponse, accountId: string | null) {
    const result = accountId
      ? { login: { accountId } }
      : { error: 'access_denied', error_description: 'The person cancelled the sign-in.' };
    await provider.interactionFinished(request, response, result, { mergeWithLastSubmission: false });
  }

  async function handleInteraction(request: http.IncomingMessage, response: http.ServerResponse) {
    const details = await provider.interactionDetails(request, response);
    if (options.mode === 'auto') {
      const chosen = next;
      next = null;
      if (!chosen) throw new Error('the test did not say who signs in');
      return finish(request, response, 'cancel' in chosen ? null : chosen.accountId);
    }
    if (request.method === 'POST') {
      const form = new URLSearchParams(await body(request));
      if (form.get('action') === 'cancel') return finish(request, response, null);
      const email = (form.get('email') ?? '').trim().toLowerCase();
      if (email.includes('@')) return finish(request, response, email);
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(signInPage(details.uid));
  }

  return {
    issuer,
    /** Makes an account the provider knows; its id is the subject (`sub`) of its ID tokens. */
    addAccount(id: string, account: TestAccount) {
      accounts.set(id, account);
    },
    /** Who signs in at the next interaction (auto mode), or that the person cancels. */
    signInNext(accountId: string) {
      next = { accountId };
    },
    cancelNext() {
      next = { cancel: true };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

function body(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => resolve(raw));
    request.on('error', reject);
  });
}

function signInPage(uid: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in – test identity provider</title></head>
<body><main>
<h1>Sign in to continue to TradeLoop</h1>
<form method="post" action="/interaction/${uid}">
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required>
<button type="submit" name="action" value="login">Continue</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>
</main></body></html>`;
}
