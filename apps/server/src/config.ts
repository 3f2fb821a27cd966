import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { RATE_LIMITS } from '@tradeloop/contracts/auth-constants';
import { CHAT_LIMITS } from '@tradeloop/contracts/chat';
import { SOCIAL_TYPES, type SocialType } from '@tradeloop/contracts/auth-social-constants';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((value) => value === 'true' || value === '1')
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /** Streaming replicas of DATABASE_URL, comma-separated, for public reads that tolerate lag (decision 060). */
  DATABASE_REPLICA_URLS: z
    .string()
    .trim()
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url()))
    .optional(),
  REDIS_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  /** An HTTP SMS gateway (platform/sms.ts); unset: SMS stay in the outbox table and the log. */
  SMS_URL: optionalUrl,
  MAIL_FROM: z.string().default('TradeLoop <no-reply@tradeloop.local>'),
  TRANSLATE_URL: optionalUrl,
  DEFAULT_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('US'),
  DEMO_DATA: flag,
  /** `production` closes the development inbox (decision 057) whatever providers are configured. */
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag,
  /** Sign-ups one client address may make an hour (RATE_LIMITS.signup); a test server raises it. */
  SIGNUP_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(RATE_LIMITS.signup.perAddress),
  /** How long a call rings before it is missed (CHAT_LIMITS.ringTimeoutMs); a test server shortens it. */
  CALL_RING_TIMEOUT_MS: z.coerce.number().int().min(1).default(CHAT_LIMITS.ringTimeoutMs),
  WEB_DIST: z.string().optional(),
  /** How often this instance delivers due reminders; 0: it delivers none (another instance does). */
  REMINDER_INTERVAL_MS: z.coerce.number().int().min(0).default(15_000),
  /** Lanes of background jobs (event deliveries, mail, periodic passes) this instance runs at once; 0: none. */
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(8),
  /** Jobs one lane claims and completes together, in one transaction where they allow it (decision 049). */
  JOB_BATCH_SIZE: z.coerce.number().int().min(1).max(256).default(16),
  /** On SIGTERM, how long jobs under way may take to finish before they are rolled back and released. */
  JOB_STOP_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** A JSON file of deliveries to fail on purpose (platform/job-drills.ts, decision 049); unset: none. */
  JOB_DRILLS_FILE: z.string().trim().min(1).optional(),
  /** Bearer token a Prometheus scraper sends to GET /metrics (decision 049); unset: operators' sessions only. */
  METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters').max(200).optional(),
  /** Signs the addresses of private files (docs/decisions/027); unset: generated once in DATA_DIR. */
  FILE_URL_SECRET: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.string().min(32, 'must be at least 32 characters').optional())
    .optional(),
  /** The public page cache (docs/decisions/050): off renders every request (the cold benchmark). */
  PAGE_CACHE: flag,
  /** Threads that render public pages (decision 068); 0: the main thread renders them. */
  SSR_THREADS: z.coerce.number().int().min(0).max(16).default(Math.min(4, os.availableParallelism())),
  /** Bytes the in-process page cache may hold (without REDIS_URL). */
  PAGE_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(1_000_000)
    .default(64 * 1024 * 1024),
  /** Seconds a cached page is kept at most, however fresh events say it is (the safety net). */
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** Suppliers one buying request is sent to at most (decision 055). */
  BUYING_REQUEST_MAX_SUPPLIERS: z.coerce.number().int().min(1).max(100).default(10),
  /** Social sign-in (docs/decisions/037): a provider is on when its client id and secret are set. */
  GOOGLE_OIDC_ISSUER: optionalUrl,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  LINKEDIN_OIDC_ISSUER: optionalUrl,
  LINKEDIN_CLIENT_ID: optionalText,
  LINKEDIN_CLIENT_SECRET: optionalText,
});

/** An OpenID Connect provider the server signs people in with (docs/decisions/037). */
export type SocialProviderConfig = { issuer: string; clientId: string; clientSecret: string };

/** The issuers of the real providers, used when `<PROVIDER>_OIDC_ISSUER` is unset. */
export const DEFAULT_ISSUERS: Record<SocialType, string> = {
  google: 'https://accounts.google.com',
  linkedin: 'https://www.linkedin.com/oauth',
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The configured providers. An id without its secret (or the reverse), or an issuer without them, is an
 * error naming the variable; an issuer must be https, except on this machine (a local test provider).
 */
function socialProviders(env: z.infer<typeof envSchema>) {
  const providers: Partial<Record<SocialType, SocialProviderConfig>> = {};
  const problems: string[] = [];
  for (const type of SOCIAL_TYPES) {
    const prefix = type.toUpperCase() as Uppercase<SocialType>;
    const issuer = env[`${prefix}_OIDC_ISSUER` as const];
    const clientId = env[`${prefix}_CLIENT_ID` as const];
    const clientSecret = env[`${prefix}_CLIENT_SECRET` as const];
    if (!clientId && !clientSecret) {
      if (issuer) problems.push(`${prefix}_CLIENT_ID: required when ${prefix}_OIDC_ISSUER is set`);
      continue;
    }
    if (!clientId) problems.push(`${prefix}_CLIENT_ID: required when ${prefix}_CLIENT_SECRET is set`);
    if (!clientSecret) problems.push(`${prefix}_CLIENT_SECRET: required when ${prefix}_CLIENT_ID is set`);
    const url = new URL(issuer ?? DEFAULT_ISSUERS[type]);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
      problems.push(`${prefix}_OIDC_ISSUER: must be an https address (http only for localhost)`);
    }
    if (clientId && clientSecret) {
      providers[type] = { issuer: url.toString().replace(/\/$/, ''), clientId, clientSecret };
    }
  }
  return { providers, problems };
}

export type Config = {
  port: number;
  host: string;
  /** 'memory://' keeps the embedded database in memory (tests). */
  dataDir: string;
  databaseUrl?: string;
  /** A streaming replica answering the marketplace search for anonymous callers and buyers (decision 060). */
  /** Streaming replicas of the primary (decision 060); empty: every read goes to the primary. */
  databaseReplicaUrls: string[];
  redisUrl?: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  smsUrl?: string;
  /** The channels whose messages the development inbox shows (decision 057): none in production. */
  devInbox: { email: boolean; sms: boolean };
  translateUrl?: string;
  defaultCountry: string;
  demoData: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  signupLimitPerAddress: number;
  callRingTimeoutMs: number;
  webDist: string;
  reminderIntervalMs: number;
  jobConcurrency: number;
  jobBatchSize: number;
  jobStopGraceMs: number;
  jobDrillsFile?: string;
  metricsToken?: string;
  /** Unset: platform/file-urls.ts generates one and keeps it in the data directory. */
  fileUrlSecret?: string;
  /** The public page cache (decision 050): on/off, bytes of the in-process store, time to live in ms. */
  pageCache: { enabled: boolean; maxBytes: number; ttlMs: number };
  /** Threads that render public pages (decision 068); 0: the main thread renders them. */
  ssrThreads: number;
  /** Suppliers one buying request is sent to at most (decision 055). */
  buyingRequestMaxSuppliers: number;
  /** Social sign-in providers with their client credentials; never logged. */
  socialProviders: Partial<Record<SocialType, SocialProviderConfig>>;
};

export const IN_MEMORY = 'memory://';

/** Reads the environment; an invalid variable stops the start with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${details}`);
  }
  const e = parsed.data;
  const social = socialProviders(e);
  if (social.problems.length > 0) throw new Error(`Invalid configuration: ${social.problems.join('; ')}`);
  const replicaUrls = e.DATABASE_REPLICA_URLS ?? [];
  if (replicaUrls.length > 0 && !e.DATABASE_URL) {
    throw new Error('Invalid configuration: DATABASE_REPLICA_URLS: requires DATABASE_URL (the primary they replicate)');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR === IN_MEMORY ? IN_MEMORY : path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrls: replicaUrls,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsUrl: e.SMS_URL,
    devInbox: {
      email: e.NODE_ENV !== 'production' && !e.SMTP_URL,
      sms: e.NODE_ENV !== 'production' && !e.SMS_URL,
    },
    translateUrl: e.TRANSLATE_URL,
    defaultCountry: e.DEFAULT_COUNTRY,
    demoData: e.DEMO_DATA ?? true,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    signupLimitPerAddress: e.SIGNUP_LIMIT_PER_ADDRESS,
    callRingTimeoutMs: e.CALL_RING_TIMEOUT_MS,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    reminderIntervalMs: e.REMINDER_INTERVAL_MS,
    jobConcurrency: e.JOB_CONCURRENCY,
    jobBatchSize: e.JOB_BATCH_SIZE,
    jobStopGraceMs: e.JOB_STOP_GRACE_MS,
    jobDrillsFile: e.JOB_DRILLS_FILE,
    metricsToken: e.METRICS_TOKEN,
    fileUrlSecret: e.FILE_URL_SECRET,
    pageCache: {
      enabled: e.PAGE_CACHE ?? true,
      maxBytes: e.PAGE_CACHE_BYTES,
      ttlMs: e.PAGE_CACHE_TTL_SECONDS * 1000,
    },
    ssrThreads: e.SSR_THREADS,
    buyingRequestMaxSuppliers: e.BUYING_REQUEST_MAX_SUPPLIERS,
    socialProviders: social.providers,
  };
}
