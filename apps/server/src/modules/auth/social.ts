import { and, eq, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { CompanyType } from '@tradeloop/contracts/auth-constants';
import {
  SOCIAL_FLOW_TTL_MS,
  SOCIAL_HANDOFF_TTL_MS,
  SOCIAL_TYPES,
  type SocialErrorCode,
  type SocialType,
} from '@tradeloop/contracts/auth-social-constants';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { isLiveUser, createAccount, findUserByEmail, markEmailVerified } from '../accounts/public.ts';
import { loginLinks, socialFlows, socialIdentities } from './tables.ts';

/** Why a social sign-in failed; the route sends the browser to the sign-in page with the code. */
export class SocialSigninError extends Error {
  readonly code: SocialErrorCode;
  constructor(code: SocialErrorCode, cause?: unknown) {
    super(`social sign-in failed: ${code}`, { cause });
    this.code = code;
  }
}

/** The scopes asked of every provider: the ID token, the address and the name. */
const SCOPE = 'openid email profile';

/**
 * The configured providers' OpenID Connect clients. Each is discovered (issuer metadata, keys) on
 * first use and kept; a failed discovery is tried again by the next sign-in.
 */
export function createSocialProviders(config: Config) {
  const clients = new Map<SocialType, Promise<oidc.Configuration>>();
  const configured = SOCIAL_TYPES.filter((type) => config.socialProviders[type]);
  return {
    configured,
    isConfigured: (type: SocialType) => configured.includes(type),
    redirectUri: (type: SocialType) => `${config.publicUrl}/api/v1/auth/social/${type}/callback`,
    client(type: SocialType): Promise<oidc.Configuration> {
      const known = clients.get(type);
      if (known) return known;
      const provider = config.socialProviders[type];
      if (!provider) return Promise.reject(new SocialSigninError('unavailable'));
      const issuer = new URL(provider.issuer);
      // http only passes config.ts for a provider on this machine (the tests' own provider).
      const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
      const discovered = oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
        execute,
        timeout: 10,
      });
      clients.set(type, discovered);
      discovered.catch(() => clients.delete(type));
      return discovered;
    },
  };
}
export type SocialProviders = ReturnType<typeof createSocialProviders>;

type Deps = { db: Db; events: EventBus; providers: SocialProviders };

export type SocialStart = {
  userType: 'buyer' | 'seller';
  companyName?: string;
  companyType?: CompanyType;
  nextPath: string | null;
};

/**
 * Starts a sign-in at the provider: a state, a nonce and a PKCE verifier are kept on the server for
 * SOCIAL_FLOW_TTL_MS, bound to the browser's `tl_social` cookie; the browser goes to the returned address.
 */
export async function startSocialSignin(deps: Deps, type: SocialType, start: SocialStart, browserId: string) {
  let client: oidc.Configuration;
  try {
    client = await deps.providers.client(type);
  } catch (error) {
    throw error instanceof SocialSigninError ? error : new SocialSigninError('provider', error);
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const now = new Date();
  await deps.db.delete(socialFlows).where(lt(socialFlows.expiresAt, now));
  await deps.db.insert(socialFlows).values({
    stateHash: hashToken(state),
    browserHash: hashToken(browserId),
    provider: type,
    nonce,
    codeVerifier,
    userType: start.userType,
    companyName: start.userType === 'seller' ? (start.companyName ?? null) : null,
    companyType: start.userType === 'seller' ? (start.companyType ?? null) : null,
    nextPath: start.nextPath,
    expiresAt: new Date(now.getTime() + SOCIAL_FLOW_TTL_MS),
  });
  return oidc.buildAuthorizationUrl(client, {
    redirect_uri: deps.providers.redirectUri(type),
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
}

/** What the provider says of the person, from the ID token (and its userinfo when the token has no address). */
type Person = {
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  givenName?: string;
  familyName?: string;
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

function personOf(claims: Record<string, unknown>, subject: string): Person {
  return {
    subject,
    email: text(claims.email)?.toLowerCase(),
    // Only an explicit true counts (some providers send the string).
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: text(claims.name),
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
  };
}

/**
 * Finishes a sign-in on the provider's callback: the flow is found by its state and the browser's
 * cookie and spent; the code is exchanged with the PKCE verifier and the ID token checked (signature,
 * issuer, audience, expiry, nonce) by openid-client; then the account is found, linked or created and a
 * single-use sign-in token (SOCIAL_HANDOFF_TTL_MS) is made for the web app. The provider's tokens are
 * used here and dropped.
 */
export async function finishSocialSignin(
  deps: Deps,
  type: SocialType,
  callbackUrl: URL,
  browserId: string | undefined,
): Promise<{ token: string; nextPath: string | null; created: boolean }> {
  const state = callbackUrl.searchParams.get('state');
  if (!state || !browserId) throw new SocialSigninError('state');
  const [flow] = await deps.db
    .delete(socialFlows)
    .where(and(eq(socialFlows.stateHash, hashToken(state)), eq(socialFlows.browserHash, hashToken(browserId))))
    .returning();
  if (!flow || flow.provider !== type || flow.expiresAt.getTime() <= Date.now()) throw new SocialSigninError('state');
  const error = callbackUrl.searchParams.get('error');
  if (error) throw new SocialSigninError(error === 'access_denied' ? 'denied' : 'provider');

  let person: Person;
  try {
    const client = await deps.providers.client(type);
    const tokens = await oidc.authorizationCodeGrant(client, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    person = personOf(claims, claims.sub);
    if (!person.email) {
      const info = await oidc.fetchUserInfo(client, tokens.access_token, claims.sub);
      person = personOf({ ...claims, ...info }, claims.sub);
    }
  } catch (cause) {
    throw new SocialSigninError('provider', cause);
  }

  const resolve = () =>
    deps.db.transaction(async (tx) => {
      const account = await accountFor(tx, deps.events, type, person, flow);
      const { token, hash } = newToken();
      await tx.insert(loginLinks).values({
        userId: account.userId,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + SOCIAL_HANDOFF_TTL_MS),
      });
      return { token, nextPath: flow.nextPath, created: account.created };
    });
  try {
    return await resolve();
  } catch (error) {
    // Two callbacks for one new person at once: the unique indexes let one create; the other links.
    if (isUniqueViolation(error)) return resolve();
    throw error;
  }
}

/**
 * The account rule of docs/decisions/037: the provider's subject signs in the account it is linked to;
 * else an account with the same address is linked when the provider verified the address (refused when
 * not); else a new account is made, of the kind chosen on the sign-up page (a buyer by default).
 */
async function accountFor(
  tx: Tx,
  events: EventBus,
  type: SocialType,
  person: Person,
  flow: typeof socialFlows.$inferSelect,
): Promise<{ userId: number; created: boolean }> {
  const [identity] = await tx
    .select({ id: socialIdentities.id, userId: socialIdentities.userId })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, type), eq(socialIdentities.subject, person.subject)))
    .limit(1);
  if (identity) {
    if (!(await isLiveUser(tx, identity.userId))) throw new SocialSigninError('deleted');
    await tx.update(socialIdentities).set({ lastUsedAt: new Date() }).where(eq(socialIdentities.id, identity.id));
    return { userId: identity.userId, created: false };
  }
  if (!person.email) throw new SocialSigninError('no_email');
  const link = (userId: number) =>
    tx.insert(socialIdentities).values({ userId, provider: type, subject: person.subject, emailId: person.email });

  const existing = await findUserByEmail(tx, person.email);
  if (existing) {
    if (existing.deletedAt) throw new SocialSigninError('deleted');
    if (!person.emailVerified) throw new SocialSigninError('email_unverified');
    await link(existing.id);
    await markEmailVerified(tx, existing.id);
    return { userId: existing.id, created: false };
  }

  const isSeller = flow.userType === 'seller' && flow.companyName && flow.companyType;
  const fullName =
    person.name ??
    ([person.givenName, person.familyName].filter(Boolean).join(' ') || person.email.split('@')[0]).slice(0, 100);
  const created = await createAccount(tx, {
    fullName: fullName.slice(0, 100),
    emailId: person.email,
    passwordHash: null,
    userType: isSeller ? 'seller' : 'others',
    company: isSeller ? { name: flow.companyName!, type: flow.companyType! } : undefined,
    emailVerified: person.emailVerified,
    socialType: type,
    profile: { first_name: person.givenName?.slice(0, 100), last_name: person.familyName?.slice(0, 100) },
  });
  await link(created.userId);
  await events.emit(tx, 'user.signed_up', {
    userId: created.userId,
    userType: isSeller ? 'seller' : 'others',
    companyId: created.companyId,
  });
  return { userId: created.userId, created: true };
}
