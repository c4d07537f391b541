import { ConfigError, loadEnv } from './env';

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
    const secret = 'x'.repeat(32);
    expect(loadEnv({ NODE_ENV: 'test' }).graphqlStacktraces).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET: secret }).graphqlStacktraces).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET: secret, GRAPHQL_STACKTRACES: 'true' }).graphqlStacktraces).toBe(true);
  });

  it('turns introspection and suggestions off in production unless set', () => {
    const secret = 'x'.repeat(32);
    const production = loadEnv({ NODE_ENV: 'production', JWT_SECRET: secret });
    expect([production.graphqlIntrospection, production.graphqlSuggestions]).toEqual([false, false]);
    const opened = loadEnv({ NODE_ENV: 'production', JWT_SECRET: secret, GRAPHQL_INTROSPECTION: 'true', GRAPHQL_SUGGESTIONS: 'yes' });
    expect([opened.graphqlIntrospection, opened.graphqlSuggestions]).toEqual([true, true]);
  });

  it('lists every invalid variable in one clear message', () => {
    expect(() =>
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', ADMIN_EMAIL: 'a@b.c', GRAPHQL_PLAYGROUND: 'maybe' }),
    ).toThrow(
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

  it('requires a JWT secret and turns the playground off in production unless asked', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow('JWT_SECRET is required in production');
    const secret = 'x'.repeat(32);
    expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET: secret }).graphqlPlayground).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET: secret, GRAPHQL_PLAYGROUND: 'true' }).graphqlPlayground).toBe(true);
  });

  it('needs the webhook secret when Stripe is configured', () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
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
});
