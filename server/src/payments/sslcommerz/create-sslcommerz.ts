import crypto from 'node:crypto';
import type { Env } from '../../config/env';
import { SANDBOX_PATH } from './sandbox.router';
import { SslcommerzApi, type SslcommerzCredentials } from './sslcommerz-api';
import { SslcommerzProvider } from './sslcommerz.provider';

/** The offline imitation's store: a password of this installation's own. */
export function offlineSandboxCredentials(jwtSecret: string): SslcommerzCredentials {
  return { storeId: 'shikhon_sandbox', storePassword: crypto.createHash('sha256').update(`sslcommerz-sandbox:${jwtSecret}`).digest('hex').slice(0, 24) };
}

export interface SslcommerzSetup {
  provider: SslcommerzProvider;
  credentials: SslcommerzCredentials;
  /** True when the product serves its own offline imitation of the gateway. */
  offline: boolean;
}

/**
 * SSLCommerz with the store's credentials (live or SSLCommerz's sandbox host), or, with none and
 * outside production, the offline imitation this server serves itself under /sslcommerz-sandbox.
 * `selfUrl` is this server's own address, for calling the imitation over real HTTP.
 */
export function createSslcommerz(env: Env, jwtSecret: string, selfUrl: () => string): SslcommerzSetup | null {
  if (env.paymentsOff) return null;
  if (env.sslcommerzStoreId && env.sslcommerzStorePassword) {
    const credentials = { storeId: env.sslcommerzStoreId, storePassword: env.sslcommerzStorePassword };
    const host = env.sslcommerzLive ? 'https://securepay.sslcommerz.com' : 'https://sandbox.sslcommerz.com';
    return { provider: new SslcommerzProvider(new SslcommerzApi(() => host, credentials), env.publicUrl, !env.sslcommerzLive), credentials, offline: false };
  }
  if (env.nodeEnv === 'production') return null;
  const credentials = offlineSandboxCredentials(jwtSecret);
  return {
    provider: new SslcommerzProvider(new SslcommerzApi(() => `${selfUrl()}${SANDBOX_PATH}`, credentials), env.publicUrl, true),
    credentials,
    offline: true,
  };
}
