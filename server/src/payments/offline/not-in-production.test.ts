/**
 * The offline imitations are never part of a production server: building its providers and loading
 * its app and entities loads no file of payments/offline/, so none of their routes can be mounted.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { compiledScript } from '../../test/compiled-server';

/** The compiled server's folder, holding the `./src/...` the script below loads (compiled once per run). */
const compiledServerDir = async () => path.resolve(path.dirname(await compiledScript('src/app.ts')), '..');

/** In a fresh process: load the app and the entities, build the providers; what was loaded and which providers there are. */
async function loadedWith(env: Record<string, string>): Promise<{ offlineFiles: string[]; providers: string[]; routes: number }> {
  const serverDir = await compiledServerDir();
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
  const child = spawnSync(process.execPath, ['-e', script], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, JWT_SECRET: 'a-secret-that-is-long-enough-for-signing', ...env },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as { offlineFiles: string[]; providers: string[]; routes: number };
}

jest.setTimeout(120_000);

it('a production server loads none of the offline imitations', async () => {
  const production = await loadedWith({
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
  // No provider has routes of its own: notifications come to the payment module's /hooks/payments/:provider.
  expect(production.routes).toBe(0);

  // Production with SSLCommerz alone takes no cards at all, rather than an imitation's.
  const localOnly = await loadedWith({
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

it('without credentials outside production, the imitations stand in', async () => {
  const development = await loadedWith({ NODE_ENV: 'development' });
  const offlineDir = path.join(await compiledServerDir(), 'src/payments/offline');
  expect(development.offlineFiles.map((file) => path.relative(offlineDir, file)).sort()).toEqual(
    expect.arrayContaining(['index.js', 'entities.js', 'stripe-test-mode/test-mode.provider.js', 'sslcommerz-sandbox/sandbox.router.js']),
  );
  expect(development.providers).toEqual(['sslcommerz', 'test']);
  expect(development.routes).toBe(2);
});
