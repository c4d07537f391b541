import { ConfigError, loadEnv, startWarnings } from './env';

/** Everything production insists on. */
const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'q7Vd2LkP9sXw4RtZ8mNc3HbJ6yFg1UaE',
  STRIPE_SECRET_KEY: 'sk_live_-not-a-real-key',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_-not-a-real-key',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  SMTP_URL: 'smtp://mail.example.com:587',
  PUBLIC_URL: 'https://shikhon.example.com',
  SMS_PROVIDER: 'bulksmsbd',
  BULKSMSBD_API_KEY: 'not-a-real-key',
  BULKSMSBD_SENDER_ID: '8809612345678',
};

describe('configuration', () => {
  it('starts with sensible defaults on a fresh machine', () => {
    const env = loadEnv({});
    expect(env.port).toBe(4000);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.dataDir).toMatch(/\.data$/);
    expect(env.graphqlPlayground).toBe(true);
    expect(env.graphqlIntrospection).toBe(true);
    expect(env.graphqlSuggestions).toBe(true);
    expect(env.graphqlStacktraces).toBe(true);
    expect(env.graphqlResponseCache).toBe(true);
  });

  it('shows stack traces only in development unless set', () => {
    expect(loadEnv({ NODE_ENV: 'test' }).graphqlStacktraces).toBe(false);
    expect(loadEnv(production).graphqlStacktraces).toBe(false);
    expect(loadEnv({ ...production, GRAPHQL_STACKTRACES: 'true' }).graphqlStacktraces).toBe(true);
  });

  it('turns introspection and suggestions off in production unless set', () => {
    const closed = loadEnv(production);
    expect([closed.graphqlIntrospection, closed.graphqlSuggestions]).toEqual([false, false]);
    const opened = loadEnv({ ...production, GRAPHQL_INTROSPECTION: 'true', GRAPHQL_SUGGESTIONS: 'yes' });
    expect([opened.graphqlIntrospection, opened.graphqlSuggestions]).toEqual([true, true]);
  });

  it('lists every invalid variable in one clear message', () => {
    expect(() => loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', ADMIN_EMAIL: 'a@b.c', GRAPHQL_PLAYGROUND: 'maybe' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n' +
          '- DATABASE_URL must be a postgres:// or postgresql:// URL\n' +
          '- JWT_SECRET must be at least 32 characters long\n' +
          '- ADMIN_EMAIL and ADMIN_PASSWORD must be set together\n' +
          '- PORT must be a whole number from 0 to 65535 (got "eighty")\n' +
          '- GRAPHQL_PLAYGROUND must be true or false (got "maybe")',
      ),
    );
  });

  it('bounds video work: one transcode at a time, 50 GB and 10 unfinished uploads per instructor unless set, refusing what is not a sensible number', () => {
    expect(loadEnv({}).video).toMatchObject({ concurrency: 1, instructorQuotaBytes: 50 * 1024 ** 3, maxUnfinishedUploads: 10 });
    expect(loadEnv({ VIDEO_CONCURRENCY: '4', VIDEO_INSTRUCTOR_QUOTA_GB: '5', VIDEO_MAX_UNFINISHED_UPLOADS: '3' }).video).toMatchObject({
      concurrency: 4,
      instructorQuotaBytes: 5 * 1024 ** 3,
      maxUnfinishedUploads: 3,
    });
    expect(() => loadEnv({ VIDEO_CONCURRENCY: '0', VIDEO_INSTRUCTOR_QUOTA_GB: 'lots', VIDEO_MAX_UNFINISHED_UPLOADS: '2.5' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n' +
          '- VIDEO_CONCURRENCY must be a whole number from 1 to 64 (got "0")\n' +
          '- VIDEO_INSTRUCTOR_QUOTA_GB must be a whole number from 1 to 100000 (got "lots")\n' +
          '- VIDEO_MAX_UNFINISHED_UPLOADS must be a whole number from 1 to 1000 (got "2.5")',
      ),
    );
  });

  it('turns the playground off in production unless asked', () => {
    expect(loadEnv(production).graphqlPlayground).toBe(false);
    expect(loadEnv({ ...production, GRAPHQL_PLAYGROUND: 'true' }).graphqlPlayground).toBe(true);
  });

  it('refuses to start in production without each thing it needs, naming them on one line', () => {
    const without = (name: keyof typeof production) => () => loadEnv({ ...production, [name]: '' });
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      new ConfigError(
        'Refusing to start in production without: a payment provider: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD (or PAYMENTS=off); SMTP_URL; an https:// PUBLIC_URL; JWT_SECRET; an SMS provider for sign-in by mobile number: SMS_PROVIDER=bulksmsbd with BULKSMSBD_API_KEY and BULKSMSBD_SENDER_ID (or PHONE_SIGN_IN=false).',
      ),
    );
    expect(without('SMS_PROVIDER')).toThrow(
      'without: an SMS provider for sign-in by mobile number: SMS_PROVIDER=bulksmsbd with BULKSMSBD_API_KEY and BULKSMSBD_SENDER_ID (or PHONE_SIGN_IN=false).',
    );
    expect(loadEnv({ ...production, SMS_PROVIDER: '', PHONE_SIGN_IN: 'false' }).sms).toEqual({ phoneSignIn: false, dailyBudget: 2000, pumpingCheck: true });
    expect(() => loadEnv({ ...production, BULKSMSBD_API_KEY: '' })).toThrow('SMS_PROVIDER=bulksmsbd needs BULKSMSBD_API_KEY and BULKSMSBD_SENDER_ID');
    expect(() => loadEnv({ ...production, SMS_PROVIDER: 'twilio' })).toThrow('SMS_PROVIDER can only be "bulksmsbd" (got "twilio")');
    expect(loadEnv(production).sms).toMatchObject({
      phoneSignIn: true,
      provider: 'bulksmsbd',
      bulkSmsBd: { apiKey: 'not-a-real-key', senderId: '8809612345678', url: 'https://bulksmsbd.net/api/smsapi' },
    });
    // The gateway is sent its key and every code: production refuses plain http.
    expect(() => loadEnv({ ...production, BULKSMSBD_URL: 'http://bulksmsbd.net/api/smsapi' })).toThrow(
      'Refusing to start in production without: an https:// BULKSMSBD_URL (the SMS gateway is sent its key and every code).',
    );
    expect(
      loadEnv({ NODE_ENV: 'test', ...{ SMS_PROVIDER: 'bulksmsbd', BULKSMSBD_API_KEY: 'k', BULKSMSBD_SENDER_ID: 's', BULKSMSBD_URL: 'http://127.0.0.1:9/' } })
        .sms.bulkSmsBd?.url,
    ).toBe('http://127.0.0.1:9/');
    // Development keeps SMS in the outbox.
    expect(loadEnv({ NODE_ENV: 'development' }).sms).toEqual({ phoneSignIn: true, dailyBudget: 2000, pumpingCheck: true });
    expect(without('JWT_SECRET')).toThrow('without: JWT_SECRET.');
    expect(without('SMTP_URL')).toThrow('without: SMTP_URL.');
    expect(without('STRIPE_SECRET_KEY')).toThrow(
      'without: a payment provider: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD (or PAYMENTS=off).',
    );
    expect(without('STRIPE_PUBLISHABLE_KEY')).toThrow('STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set');
    expect(without('STRIPE_WEBHOOK_SECRET')).toThrow('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
    expect(() => loadEnv({ ...production, PUBLIC_URL: 'http://shikhon.example.com' })).toThrow('without: an https:// PUBLIC_URL.');
    expect(loadEnv(production).nodeEnv).toBe('production');
  });

  it('starts in production with payments switched off explicitly, and only with "off"', () => {
    const { STRIPE_SECRET_KEY: _s, STRIPE_PUBLISHABLE_KEY: _p, STRIPE_WEBHOOK_SECRET: _w, ...noStripe } = production;
    expect(loadEnv({ ...noStripe, PAYMENTS: 'off' }).paymentsOff).toBe(true);
    expect(() => loadEnv({ ...noStripe, PAYMENTS: 'no' })).toThrow('PAYMENTS can only be "off" (got "no")');
    expect(loadEnv({ ...noStripe, SSLCOMMERZ_STORE_ID: 'shikhon01', SSLCOMMERZ_STORE_PASSWORD: 'secret', SSLCOMMERZ_LIVE: 'true' })).toMatchObject({
      sslcommerzStoreId: 'shikhon01',
      sslcommerzLive: true,
    });
    expect(() => loadEnv({ ...noStripe, SSLCOMMERZ_STORE_ID: 'shikhon01' })).toThrow('SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD must be set together');
  });

  it('needs the webhook secret and a publishable key of the same mode when Stripe is configured', () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow(
      'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
    );
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow('STRIPE_PUBLISHABLE_KEY is required');
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_live_-not-a-real-key', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both be live keys',
    );
  });

  it('reads the taka rate, 120 unless set', () => {
    expect(loadEnv({}).usdToBdt).toBe(120);
    expect(loadEnv({ USD_TO_BDT: '121.5' }).usdToBdt).toBe(121.5);
    expect(() => loadEnv({ USD_TO_BDT: 'lots' })).toThrow('USD_TO_BDT must be a positive number of taka for one dollar (got "lots")');
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses', () => {
    expect(loadEnv({}).trustProxy).toEqual(['loopback']);
    expect(loadEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.4']);
    expect(() => loadEnv({ TRUST_PROXY: 'my proxy' })).toThrow('TRUST_PROXY must be a number of proxies or a list of proxy addresses');
  });

  it('reads WEBHOOK_ALLOWED_TARGETS as exact host:port pairs, none by default', () => {
    expect(loadEnv({}).webhookAllowedTargets).toEqual([]);
    expect(loadEnv({ WEBHOOK_ALLOWED_TARGETS: '127.0.0.1:4567, Receiver.Test:80,[::1]:8080,127.0.0.1:4567' }).webhookAllowedTargets).toEqual([
      '127.0.0.1:4567',
      'receiver.test:80',
      '[::1]:8080',
    ]);
    for (const wrong of ['127.0.0.1', '*', 'http://127.0.0.1:80', '10.0.0.0/8:80']) {
      expect(() => loadEnv({ WEBHOOK_ALLOWED_TARGETS: wrong })).toThrow(
        `WEBHOOK_ALLOWED_TARGETS must list host:port pairs such as 127.0.0.1:8080, separated by commas (got "${wrong}")`,
      );
    }
  });

  it('allows no other origin by default, and reads CORS_ORIGINS as exact origins', () => {
    expect(loadEnv({}).corsOrigins).toEqual([]);
    expect(loadEnv({ CORS_ORIGINS: 'https://old.example.com, http://localhost:3000/,https://OLD.example.com' }).corsOrigins).toEqual([
      'https://old.example.com',
      'http://localhost:3000',
    ]);
  });

  it('refuses a wildcard or an address with a path in CORS_ORIGINS', () => {
    expect(() => loadEnv({ CORS_ORIGINS: '*' })).toThrow('CORS_ORIGINS must list origins such as https://old.example.com, separated by commas (got "*")');
    expect(() => loadEnv({ CORS_ORIGINS: 'https://old.example.com/app' })).toThrow('(got "https://old.example.com/app")');
    expect(() => loadEnv({ CORS_ORIGINS: 'ftp://old.example.com' })).toThrow('(got "ftp://old.example.com")');
  });

  it('refuses a JWT_SECRET that is long but not random', () => {
    for (const weak of ['x'.repeat(32), 'abcdabcdabcdabcdabcdabcdabcdabcd', 'abcdefghijklabcdefghijklabcdefghijkl', 'passwordpasswordpasswordpassword']) {
      expect(() => loadEnv({ JWT_SECRET: weak })).toThrow('JWT_SECRET must be random, not a word or a pattern');
    }
    expect(loadEnv({ JWT_SECRET: '3f9a1c7e5b2d8f4a6c0e9b1d7f3a5c8e' }).jwtSecret).toBe('3f9a1c7e5b2d8f4a6c0e9b1d7f3a5c8e');
  });

  describe('test payment settings', () => {
    const stripeTest = { STRIPE_SECRET_KEY: 'sk_test_51abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_51abc' };
    const { STRIPE_SECRET_KEY: _s, STRIPE_PUBLISHABLE_KEY: _p, STRIPE_WEBHOOK_SECRET: _w, ...noStripe } = production;
    const sandbox = { ...noStripe, SSLCOMMERZ_STORE_ID: 'shikhon01', SSLCOMMERZ_STORE_PASSWORD: 'secret' };

    it('refuses to start in production with Stripe test keys or the SSLCommerz sandbox host', () => {
      expect(() => loadEnv({ ...production, ...stripeTest })).toThrow(
        new ConfigError(
          'Refusing to start in production with test payment settings: Stripe test keys (test cards such as 4242 4242 4242 4242 buy courses). Use live credentials, or set PAYMENTS_TEST_MODE=true to run them on purpose.',
        ),
      );
      expect(() => loadEnv(sandbox)).toThrow(
        'Refusing to start in production with test payment settings: the SSLCommerz sandbox host (set SSLCOMMERZ_LIVE=true for the live gateway).',
      );
      expect(loadEnv({ ...sandbox, SSLCOMMERZ_LIVE: 'true' }).testPaymentSettings).toEqual([]);
    });

    it('starts with them when PAYMENTS_TEST_MODE=true, with a warning to log at every start', () => {
      const env = loadEnv({ ...production, ...stripeTest, PAYMENTS_TEST_MODE: 'true' });
      expect(env.paymentsTestMode).toBe(true);
      expect(startWarnings(env)).toEqual([
        'PAYMENTS_TEST_MODE=true: payments run with Stripe test keys (test cards such as 4242 4242 4242 4242 buy courses); no real money is taken.',
      ]);
      expect(startWarnings(loadEnv(production))).toEqual([]);
      expect(() => loadEnv({ ...production, PAYMENTS_TEST_MODE: 'maybe' })).toThrow('PAYMENTS_TEST_MODE must be true or false (got "maybe")');
    });

    it('lets development and tests use test settings without the flag', () => {
      expect(loadEnv({ ...stripeTest, STRIPE_WEBHOOK_SECRET: 'whsec_1' }).testPaymentSettings).toHaveLength(1);
    });
  });
});
