/** Server tests run against a real PostgreSQL: the embedded one started by jest.global-setup.mjs, or DATABASE_URL's server. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': 'ts-jest',
    // The tus upload server ships as ES modules only; Node requires them natively, jest needs them as CommonJS.
    '/node_modules/(@tus|srvx)/.+\\.m?js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022', isolatedModules: true } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(@tus|srvx)/)'],
  globalSetup: '<rootDir>/jest.global-setup.mjs',
  globalTeardown: '<rootDir>/jest.global-teardown.mjs',
  setupFiles: ['reflect-metadata'],
  testTimeout: 30000,
  maxWorkers: 2,
};
