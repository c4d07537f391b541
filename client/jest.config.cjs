/** Client tests: components with logic, rendered with the real providers in jsdom. */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    // The catalogues as the build ships them: parsed messages (scripts/compile-catalogue.cjs).
    '/locales/.+\\.json$': '<rootDir>/scripts/catalogue-jest-transform.cjs',
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        tsconfig: { jsx: 'react-jsx', module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true, isolatedModules: true, ignoreDeprecations: '5.0' },
      },
    ],
  },
  moduleNameMapper: {
    // The client imports intl-messageformat's formatter from its ES module build; jest takes the CommonJS one.
    '^intl-messageformat/lib/src/(.*)$': 'intl-messageformat/src/$1',
    '\\.(css|svg|png)$': '<rootDir>/src/test/file-stub.cjs',
    // A part of a catalogue (src/locales/first-load.ts) is the whole catalogue in tests.
    '^(.*/locales/\\w+\\.json)\\?(first|rest)$': '$1',
  },
  setupFiles: ['<rootDir>/src/test/polyfills.cjs'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
};
