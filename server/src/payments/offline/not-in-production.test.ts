/**
 * The offline imitations are never part of a production server: building its providers and loading
 * its app and entities loads no file of payments/offline/, so none of their routes can be mounted.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const serverDir = path.resolve(__dirname, '../../..');

/** In a fresh process: load the app and the entities, build the providers; what was loaded and which providers there are. */
function loadedWith(env: Record<string, string>): { offlineFiles: string[]; providers: string[]; routes: number } {
  const script = `
    const { loadEnv } = require('./src/config/env');
    require('./src/app');
    const { entities } = require('./src/db/entities');
    const { createPaymentProviders } = require('./src/payments/create-providers');
    const providers = createPaymentProviders({ env: loadEnv(process.env), db: {}, jwtSecret: process.env.JWT_SECRET, selfUrl: () => 'http://127.0.0.1' });
    const offlineFiles = Object.keys(require.cache).filter((file) => file.includes('/payments/offline/'));
    process.stdout.write(JSON.stringify({
      offlineFiles,
      providers: providers.entries.map((entry) => entry.provider.name),
      routes: providers.entries.filter((entry) => entry.routes).length,
      entities: entities.length,
    }));
  `;
  const child = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, JWT_SECRET: 'a-secret-that-is-long-enough-for-signing', ...env },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as { offlineFiles: string[]; providers: string[]; routes: number };
}

jest.setTimeout(120_000);

it('a production server loads none of the offline imitations', () => {
  const production = loadedWith({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://shikhon.example.com',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PHONE_SIGN_IN: 'false',
    STRIPE_SECRET_KEY: 'sk_live_-not-a-real-key',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_-not-a-real-key',
    STRIPE_WEBHOOK_SECRET: 'whsec_not_real',
    SSLCOMMERZ_STORE_ID: 'store',
    SSLCOMMERZ_STORE_PASSWORD: 'password',
    SSLCOMMERZ_LIVE: 'true',
  });
  expect(production.offlineFiles).toEqual([]);
  expect(production.providers).toEqual(['sslcommerz', 'stripe']);
  // Only SSLCommerz's own notification routes.
  expect(production.routes).toBe(1);

  // Production with SSLCommerz alone takes no cards at all, rather than an imitation's.
  const localOnly = loadedWith({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://shikhon.example.com',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PHONE_SIGN_IN: 'false',
    SSLCOMMERZ_STORE_ID: 'store',
    SSLCOMMERZ_STORE_PASSWORD: 'password',
    SSLCOMMERZ_LIVE: 'true',
  });
  expect(localOnly.offlineFiles).toEqual([]);
  expect(localOnly.providers).toEqual(['sslcommerz']);
});

it('without credentials outside production, the imitations stand in', () => {
  const development = loadedWith({ NODE_ENV: 'development' });
  expect(development.offlineFiles.map((file) => path.relative(path.join(serverDir, 'src/payments/offline'), file)).sort()).toEqual(
    expect.arrayContaining(['index.ts', 'entities.ts', 'stripe-test-mode/test-mode.provider.ts', 'sslcommerz-sandbox/sandbox.router.ts']),
  );
  expect(development.providers).toEqual(['sslcommerz', 'test']);
  expect(development.routes).toBe(2);
});
