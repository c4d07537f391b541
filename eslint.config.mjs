import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The client tells errors apart by their code, never by their wording (the client's block below says why). */
const errorMessageComparisons = [
  "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[property.name='message']",
  "CallExpression[callee.property.name=/^(includes|startsWith|endsWith|match|matchAll|indexOf|search|localeCompare)$/][callee.object.property.name='message']",
  "CallExpression[callee.property.name=/^(test|exec)$/] > MemberExpression.arguments[property.name='message']",
  "SwitchStatement > MemberExpression.discriminant[property.name='message']",
].map((selector) => ({
  selector,
  message: "Branch on the error's code (describeError / errorFacts in lib/graphql-errors.ts), not on its message text",
}));

/**
 * Money is converted between minor units (cents, poisha) and whole dollars or taka in one place:
 * fromMinorUnits / toMinorUnits (server/src/shared/money.ts, client/src/lib/minor-units.ts), never
 * by a hand-written `/ 100` on something named like money.
 */
const MONEY_NAME = '/amount|price|cents|poisha|minor|revenue|taka/i';
const moneyDivisions = [
  `BinaryExpression[operator='/'][right.value=100] > Identifier.left[name=${MONEY_NAME}]`,
  `BinaryExpression[operator='/'][right.value=100] > MemberExpression.left[property.name=${MONEY_NAME}]`,
  `BinaryExpression[operator='/'][right.value=100] > CallExpression.left > Identifier.arguments[name=${MONEY_NAME}]`,
  `BinaryExpression[operator='/'][right.value=100] > CallExpression.left > MemberExpression.arguments[property.name=${MONEY_NAME}]`,
].map((selector) => ({
  selector,
  message: 'Convert minor units with fromMinorUnits (shared/money.ts on the server, lib/minor-units.ts in the client), not by hand',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'client/src/gql/**',
      '**/*.generated.ts',
      'e2e/.build/**',
      'server/.test-build/**',
      '.data/**',
      'bench/tmp/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        project: ['./server/tsconfig.json', './client/tsconfig.json', './client/service-worker/tsconfig.json', './e2e/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // node:test's test() and describe() return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The client tells errors apart by their code (extensions.code / category, see
      // client/src/lib/graphql-errors.ts), never by their wording: the server words messages in the
      // page's language, so a comparison with English text silently fails in Bangla.
      'no-restricted-syntax': ['error', ...errorMessageComparisons],
    },
  },
  {
    // Money's one conversion (see moneyDivisions); tests compute what they expect by hand.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'client/src/test/**', 'client/src/lib/minor-units.ts'],
    rules: { 'no-restricted-syntax': ['error', ...errorMessageComparisons, ...moneyDivisions] },
  },
  {
    // A server file past 400 lines holds two subjects: split it by what each part serves. Seed data is data.
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/src/test/**', 'server/src/db/seed/**', 'server/src/modules/practice/practice-seed-*.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/src/test/**', 'server/src/shared/money.ts'],
    rules: { 'no-restricted-syntax': ['error', ...moneyDivisions] },
  },
  {
    // Apollo Client is not in the first download (client/src/lib/data): pages reach it only through
    // the data hooks, so a value imported from it anywhere else would bring it back.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'client/src/test/**', 'client/src/lib/data/**', 'client/src/lib/apollo.ts', 'client/src/server-entry.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@apollo/client', '@apollo/client/*', 'rxjs', 'graphql'],
              allowTypeImports: true,
              message: 'Reach the server through the generated hooks (client/src/lib/data), which load Apollo Client after the page is drawn',
            },
          ],
        },
      ],
    },
  },
  {
    // Text a person reads comes from the catalogues (client/src/locales), never a literal in a
    // component: JSX text and the attributes people read or hear.
    files: ['client/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['title', 'placeholder', 'alt', 'label', 'aria-label', 'aria-valuetext', 'consequence', 'confirmLabel', 'message'] },
          // Not text: catalogue keys, field names and codes ('certificate.number', 'price', 'bdt', 'STUDENT'), and
          // strings without a Latin letter (separators like ' · ', phone and card number examples).
          words: { exclude: ['^[a-z][\\w.-]*$', '^[^A-Za-z]*$', '^[A-Z][A-Z0-9_]*$'] },
          message: 'Put user-visible text in client/src/locales (en.json and bn.json) and show it with t()',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        require: 'readonly',
        module: 'writable',
        globalThis: 'readonly',
        __dirname: 'readonly',
        window: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        URL: 'readonly',
      },
    },
  },
);
