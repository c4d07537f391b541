/** Client tests: components with logic, rendered with the real providers in jsdom. */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: { jsx: 'react-jsx', module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true, isolatedModules: true, ignoreDeprecations: '5.0' } }],
  },
  moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/src/test/file-stub.cjs' },
  setupFiles: ['<rootDir>/src/test/polyfills.cjs'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
};
