import path from 'node:path';
import { DEFAULT_USD_TO_BDT } from '../shared/money';
import { repoRoot } from './paths';
import { optional, parseBoolean, type Source } from './setting-readers';
import { parseMail, parseSms, type MailEnv, type SmsEnv } from './messaging-settings';
import { parseVideo, type VideoEnv } from './video-settings';
import { parseAllowedTargets } from './webhook-targets';

/** Every environment variable the server reads, validated once at start. */
export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  databaseUrl?: string;
  dataDir: string;
  jwtSecret?: string;
  adminEmail?: string;
  adminPassword?: string;
  stripeSecretKey?: string;
  stripePublishableKey?: string;
  stripeWebhookSecret?: string;
  smtpUrl?: string;
  sslcommerzStoreId?: string;
  sslcommerzStorePassword?: string;
  /** SSLCOMMERZ_LIVE=true: the live gateway (securepay); otherwise SSLCommerz's sandbox. */
  sslcommerzLive: boolean;
  /** Taka for one dollar, for proposing a course's taka price. */
  usdToBdt: number;
  /** PAYMENTS=off: no payment provider; paid purchases are refused with a clear message. */
  paymentsOff: boolean;
  /**
   * PAYMENTS_TEST_MODE=true: test payment configurations (Stripe test keys, the SSLCommerz sandbox host) are
   * run on purpose. Production refuses them without it; with it, every start logs a warning and admins see a banner.
   */
  paymentsTestMode: boolean;
  /** The test payment configurations in use, in words (empty with live ones or none). */
  testPaymentSettings: string[];
  /** Express's `trust proxy`: how many reverse proxies (or which addresses) stand before the server. */
  trustProxy: number | string[];
  mailFrom: string;
  publicUrl: string;
  logLevel: string;
  graphqlPlayground: boolean;
  graphqlIntrospection: boolean;
  graphqlSuggestions: boolean;
  graphqlStacktraces: boolean;
  graphqlResponseCache: boolean;
  clientDist: string;
  /** Origins (scheme://host[:port]) allowed to call the API from a browser, with credentials. */
  corsOrigins: string[];
  /**
   * WEBHOOK_ALLOWED_TARGETS: `host:port` pairs (comma-separated, empty by default) that webhooks may reach
   * although they are private or internal (a developer's receiver, a test's): every other target must be a
   * public internet address (modules/integration/webhook-target.ts).
   */
  webhookAllowedTargets: string[];
  video: VideoEnv;
  mail: MailEnv;
  sms: SmsEnv;
}

export class ConfigError extends Error {}

export const WEAK_JWT_SECRET =
  'JWT_SECRET must be random, not a word or a pattern: use at least 10 different characters (e.g. the output of `openssl rand -base64 48`)';

/** A secret that looks random: not one character repeated, not a short pattern, with enough different characters. */
export function randomLooking(secret: string): boolean {
  if (new Set(secret).size < 10) return false;
  // A short unit repeated ("abcdefghij" * 4) has few distinct pairs of neighbours.
  const pairs = new Set<string>();
  for (let i = 1; i < secret.length; i++) pairs.add(secret.slice(i - 1, i + 1));
  return pairs.size >= Math.min(20, secret.length / 2);
}

/** What the operator should hear at every start (logged as warnings by index.ts and worker.ts). */
export function startWarnings(env: Env): string[] {
  if (!env.paymentsTestMode) return [];
  const settings = env.testPaymentSettings.length > 0 ? env.testPaymentSettings.join('; ') : 'test payment settings';
  return [`PAYMENTS_TEST_MODE=true: payments run with ${settings}; no real money is taken.`];
}

function parsePort(raw: string | undefined, problems: string[]): number {
  if (raw === undefined) return 4000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${raw}")`);
    return 4000;
  }
  return port;
}

/** CORS_ORIGINS: a comma-separated list of exact origins; `*` is refused, since listed origins may send credentials. */
function parseOrigins(raw: string | undefined, problems: string[]): string[] {
  if (raw === undefined) return [];
  const origins: string[] = [];
  for (const item of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    const bare = url && (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search && !url.hash && !url.username;
    if (!url || !bare || item.replace(/\/$/, '').toLowerCase() !== url.origin.toLowerCase()) {
      problems.push(`CORS_ORIGINS must list origins such as https://old.example.com, separated by commas (got "${item}")`);
      continue;
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

const stripeMode = (key: string) => (/_live_/.test(key) ? 'live' : 'test');

/** TRUST_PROXY: a hop count (1 behind one reverse proxy) or a comma-separated list of proxy addresses/subnets. */
function parseTrustProxy(raw: string | undefined, problems: string[]): number | string[] {
  // Unset: only a proxy on this machine (loopback) is believed about the client's address.
  if (raw === undefined) return ['loopback'];
  if (/^\d+$/.test(raw)) return Number(raw);
  const addresses = raw
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (addresses.length === 0 || addresses.some((a) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/.test(a))) {
    problems.push(`TRUST_PROXY must be a number of proxies or a list of proxy addresses (got "${raw}")`);
    return 0;
  }
  return addresses;
}

export function loadEnv(src: Source = process.env): Env {
  const problems: string[] = [];
  const nodeEnvRaw = optional(src, 'NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    problems.push(`NODE_ENV must be development, production or test (got "${nodeEnvRaw}")`);
  }
  const nodeEnv = nodeEnvRaw as Env['nodeEnv'];

  const databaseUrl = optional(src, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }

  const jwtSecret = optional(src, 'JWT_SECRET');
  if (jwtSecret && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters long');
  else if (jwtSecret && !randomLooking(jwtSecret)) problems.push(WEAK_JWT_SECRET);

  const adminEmail = optional(src, 'ADMIN_EMAIL');
  const adminPassword = optional(src, 'ADMIN_PASSWORD');
  if (Boolean(adminEmail) !== Boolean(adminPassword)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }

  const stripeSecretKey = optional(src, 'STRIPE_SECRET_KEY');
  const stripePublishableKey = optional(src, 'STRIPE_PUBLISHABLE_KEY');
  const stripeWebhookSecret = optional(src, 'STRIPE_WEBHOOK_SECRET');
  if (stripeSecretKey && !stripeWebhookSecret) {
    problems.push('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  }
  if (stripeSecretKey && !stripePublishableKey) {
    problems.push('STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set (the checkout page needs it)');
  }
  if (stripeSecretKey && stripePublishableKey && stripeMode(stripeSecretKey) !== stripeMode(stripePublishableKey)) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both be live keys');
  }

  const sslcommerzStoreId = optional(src, 'SSLCOMMERZ_STORE_ID');
  const sslcommerzStorePassword = optional(src, 'SSLCOMMERZ_STORE_PASSWORD');
  if (Boolean(sslcommerzStoreId) !== Boolean(sslcommerzStorePassword)) {
    problems.push('SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD must be set together');
  }
  const sslcommerzLive = parseBoolean('SSLCOMMERZ_LIVE', optional(src, 'SSLCOMMERZ_LIVE'), false, problems);
  const usdToBdtRaw = optional(src, 'USD_TO_BDT');
  const usdToBdt = usdToBdtRaw === undefined ? DEFAULT_USD_TO_BDT : Number(usdToBdtRaw);
  if (!Number.isFinite(usdToBdt) || usdToBdt <= 0 || usdToBdt > 10_000) {
    problems.push(`USD_TO_BDT must be a positive number of taka for one dollar (got "${usdToBdtRaw}")`);
  }

  const paymentsRaw = optional(src, 'PAYMENTS');
  if (paymentsRaw !== undefined && paymentsRaw !== 'off') problems.push(`PAYMENTS can only be "off" (got "${paymentsRaw}")`);
  const paymentsOff = paymentsRaw === 'off';
  const paymentsTestMode = parseBoolean('PAYMENTS_TEST_MODE', optional(src, 'PAYMENTS_TEST_MODE'), false, problems);
  const testPaymentSettings: string[] = [];
  if (!paymentsOff && stripeSecretKey && (stripeMode(stripeSecretKey) === 'test' || (stripePublishableKey && stripeMode(stripePublishableKey) === 'test'))) {
    testPaymentSettings.push('Stripe test keys (test cards such as 4242 4242 4242 4242 buy courses)');
  }
  if (!paymentsOff && sslcommerzStoreId && !sslcommerzLive)
    testPaymentSettings.push('the SSLCommerz sandbox host (set SSLCOMMERZ_LIVE=true for the live gateway)');

  const port = parsePort(optional(src, 'PORT'), problems);
  const publicUrl = optional(src, 'PUBLIC_URL') ?? `http://localhost:${port}`;
  try {
    new URL(publicUrl);
  } catch {
    problems.push(`PUBLIC_URL must be an absolute URL (got "${publicUrl}")`);
  }
  const trustProxy = parseTrustProxy(optional(src, 'TRUST_PROXY'), problems);
  const smtpUrl = optional(src, 'SMTP_URL');
  const sms = parseSms(src, problems);

  if (nodeEnv === 'production' && problems.length === 0) {
    // Production refuses to start rather than run with offline payments, a log for a mailbox or an unsafe address.
    const missing: string[] = [];
    if (!paymentsOff && !stripeSecretKey && !sslcommerzStoreId) {
      missing.push(
        'a payment provider: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD (or PAYMENTS=off)',
      );
    }
    if (!smtpUrl) missing.push('SMTP_URL');
    if (!publicUrl.startsWith('https://')) missing.push('an https:// PUBLIC_URL');
    if (!jwtSecret) missing.push('JWT_SECRET');
    if (sms.phoneSignIn && !sms.provider) {
      missing.push(
        'an SMS provider for sign-in by mobile number: SMS_PROVIDER=bulksmsbd with BULKSMSBD_API_KEY and BULKSMSBD_SENDER_ID (or PHONE_SIGN_IN=false)',
      );
    }
    // The gateway's requests carry its key and every sign-in code.
    if (sms.bulkSmsBd && !sms.bulkSmsBd.url.startsWith('https://')) missing.push('an https:// BULKSMSBD_URL (the SMS gateway is sent its key and every code)');
    if (missing.length > 0) throw new ConfigError(`Refusing to start in production without: ${missing.join('; ')}.`);
    if (testPaymentSettings.length > 0 && !paymentsTestMode) {
      throw new ConfigError(
        `Refusing to start in production with test payment settings: ${testPaymentSettings.join('; ')}. Use live credentials, or set PAYMENTS_TEST_MODE=true to run them on purpose.`,
      );
    }
  }

  const graphqlPlayground = parseBoolean('GRAPHQL_PLAYGROUND', optional(src, 'GRAPHQL_PLAYGROUND'), nodeEnv !== 'production', problems);

  const development = nodeEnv !== 'production';
  const graphqlIntrospection = parseBoolean('GRAPHQL_INTROSPECTION', optional(src, 'GRAPHQL_INTROSPECTION'), development || graphqlPlayground, problems);
  const graphqlSuggestions = parseBoolean('GRAPHQL_SUGGESTIONS', optional(src, 'GRAPHQL_SUGGESTIONS'), development, problems);
  // Only a developer's own machine shows stack traces by default; tests see what production sees.
  const graphqlResponseCache = parseBoolean('GRAPHQL_RESPONSE_CACHE', optional(src, 'GRAPHQL_RESPONSE_CACHE'), true, problems);
  const graphqlStacktraces = parseBoolean('GRAPHQL_STACKTRACES', optional(src, 'GRAPHQL_STACKTRACES'), nodeEnv === 'development', problems);

  const corsOrigins = parseOrigins(optional(src, 'CORS_ORIGINS'), problems);
  const webhookAllowedTargets = parseAllowedTargets(src, problems);
  const video = parseVideo(src, problems);
  const mail = parseMail(src, problems);

  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  }

  return {
    nodeEnv,
    port,
    databaseUrl,
    dataDir: path.resolve(optional(src, 'DATA_DIR') ?? '.data'),
    jwtSecret,
    adminEmail,
    adminPassword,
    stripeSecretKey,
    stripePublishableKey,
    stripeWebhookSecret,
    smtpUrl,
    sslcommerzStoreId,
    sslcommerzStorePassword,
    sslcommerzLive,
    usdToBdt,
    paymentsOff,
    paymentsTestMode,
    testPaymentSettings,
    trustProxy,
    mailFrom: optional(src, 'MAIL_FROM') ?? 'Shikhon <no-reply@shikhon.local>',
    publicUrl,
    logLevel: optional(src, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    graphqlPlayground,
    graphqlIntrospection,
    graphqlSuggestions,
    graphqlStacktraces,
    graphqlResponseCache,
    corsOrigins,
    webhookAllowedTargets,
    clientDist: path.resolve(optional(src, 'CLIENT_DIST') ?? path.join(repoRoot, 'client', 'dist')),
    video,
    mail,
    sms,
  };
}

/** Cookies are marked Secure when the site is served over https. */
export const secureCookies = (env: Env): boolean => env.publicUrl.startsWith('https:');
