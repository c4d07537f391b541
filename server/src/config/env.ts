import path from 'node:path';
import { repoRoot } from './paths';

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
}

export class ConfigError extends Error {}

type Source = Record<string, string | undefined>;

function optional(src: Source, name: string): string | undefined {
  const value = src[name]?.trim();
  return value ? value : undefined;
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
  for (const item of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
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

function parseBoolean(name: string, raw: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
  problems.push(`${name} must be true or false (got "${raw}")`);
  return fallback;
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
  if (!jwtSecret && nodeEnv === 'production') problems.push('JWT_SECRET is required in production');

  const adminEmail = optional(src, 'ADMIN_EMAIL');
  const adminPassword = optional(src, 'ADMIN_PASSWORD');
  if (Boolean(adminEmail) !== Boolean(adminPassword)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }

  const stripeSecretKey = optional(src, 'STRIPE_SECRET_KEY');
  const stripeWebhookSecret = optional(src, 'STRIPE_WEBHOOK_SECRET');
  if (stripeSecretKey && !stripeWebhookSecret) {
    problems.push('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  }

  const port = parsePort(optional(src, 'PORT'), problems);
  const publicUrl = optional(src, 'PUBLIC_URL') ?? `http://localhost:${port}`;
  try {
    new URL(publicUrl);
  } catch {
    problems.push(`PUBLIC_URL must be an absolute URL (got "${publicUrl}")`);
  }

  const graphqlPlayground = parseBoolean(
    'GRAPHQL_PLAYGROUND',
    optional(src, 'GRAPHQL_PLAYGROUND'),
    nodeEnv !== 'production',
    problems,
  );

  const development = nodeEnv !== 'production';
  const graphqlIntrospection = parseBoolean('GRAPHQL_INTROSPECTION', optional(src, 'GRAPHQL_INTROSPECTION'), development || graphqlPlayground, problems);
  const graphqlSuggestions = parseBoolean('GRAPHQL_SUGGESTIONS', optional(src, 'GRAPHQL_SUGGESTIONS'), development, problems);
  // Only a developer's own machine shows stack traces by default; tests see what production sees.
  const graphqlResponseCache = parseBoolean('GRAPHQL_RESPONSE_CACHE', optional(src, 'GRAPHQL_RESPONSE_CACHE'), true, problems);
  const graphqlStacktraces = parseBoolean('GRAPHQL_STACKTRACES', optional(src, 'GRAPHQL_STACKTRACES'), nodeEnv === 'development', problems);

  const corsOrigins = parseOrigins(optional(src, 'CORS_ORIGINS'), problems);

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
    stripePublishableKey: optional(src, 'STRIPE_PUBLISHABLE_KEY'),
    stripeWebhookSecret,
    smtpUrl: optional(src, 'SMTP_URL'),
    mailFrom: optional(src, 'MAIL_FROM') ?? 'Shikhon <no-reply@shikhon.local>',
    publicUrl,
    logLevel: optional(src, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    graphqlPlayground,
    graphqlIntrospection,
    graphqlSuggestions,
    graphqlStacktraces,
    graphqlResponseCache,
    corsOrigins,
    clientDist: path.resolve(optional(src, 'CLIENT_DIST') ?? path.join(repoRoot, 'client', 'dist')),
  };
}
