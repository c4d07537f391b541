/**
 * Import boundaries, checked in CI by `npm run lint` (dependency-cruiser):
 * - no import cycles at run time;
 * - a client feature uses only itself and the shared parts (components/, lib/, gql/), never another feature;
 * - shared client parts never reach into features;
 * - server layers point one way: transports (graphql resolvers, rest/, http/) -> modules (services) -> shared/ and db/.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules that import each other at run time, directly or through others (type-only imports vanish when compiled).',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'client-feature-isolation',
      severity: 'error',
      comment: 'A feature may not import another feature: move what both need to components/ or lib/.',
      from: { path: '^client/src/features/([^/]+)/' },
      to: { path: '^client/src/features/', pathNot: '^client/src/features/$1/' },
    },
    {
      name: 'client-shared-parts-stay-shared',
      severity: 'error',
      comment: 'components/ and lib/ are used by features, so they cannot depend on one.',
      from: { path: '^client/src/(components|lib)/' },
      to: { path: '^client/src/features/' },
    },
    {
      name: 'server-shared-is-a-leaf',
      severity: 'error',
      comment: 'server/src/shared holds rules every layer uses; it imports no module, transport or database code.',
      from: { path: '^server/src/shared/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/src/(modules|graphql|rest|http|payments)/' },
    },
    {
      name: 'server-services-do-not-know-transports',
      severity: 'error',
      comment:
        "Services (modules/) are called by GraphQL and REST alike, so they never import REST or HTTP code; only a module's manifest (<name>.module.ts), which composes its transports, names the legacy REST routers it brings.",
      from: { path: '^server/src/modules/', pathNot: ['\\.test\\.ts$', '^server/src/modules/[^/]+/[^/]+\\.module\\.ts$'] },
      to: { path: '^server/src/(rest|http)/' },
    },
    {
      name: 'server-offline-payments-stay-apart',
      severity: 'error',
      comment:
        'The offline payment imitations (payments/offline/) are loaded only by create-providers.ts and db/entities.ts, and only outside production; real providers and services never import them.',
      from: {
        path: '^server/src/',
        pathNot: ['^server/src/payments/offline/', '^server/src/payments/create-providers\\.ts$', '^server/src/db/entities\\.ts$', '\\.test\\.ts$'],
      },
      to: { path: '^server/src/payments/offline/' },
    },
    {
      name: 'client-and-server-stay-apart',
      severity: 'error',
      comment: 'The browser bundle never imports server code.',
      from: { path: '^client/src/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-server|\\.build)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
