/**
 * Which server modules (folders under server/src/modules) a module may import. A new use is a
 * decision: add it here. Foundational modules (user, auth, audit, mail) sit low; the ones that use
 * many (admin, legacy-import) sit high.
 */
const MODULE_USES = {
  admin: ['audit', 'auth', 'course', 'course-editing', 'integration', 'payment', 'phone', 'user'],
  announcement: ['auth', 'course', 'enrollment', 'mail'],
  audit: ['auth'],
  auth: ['course', 'mail', 'user'],
  blog: ['auth'],
  bundle: ['auth', 'course', 'enrollment', 'payment'],
  certificate: ['course', 'enrollment', 'integration', 'user'],
  course: ['auth', 'enrollment', 'integration', 'user'],
  'course-editing': ['audit', 'auth', 'course', 'enrollment', 'integration', 'payment', 'user'],
  enrollment: ['audit', 'auth', 'course', 'integration', 'payment', 'user'],
  inbox: ['auth'],
  instructor: ['auth', 'course', 'course-editing', 'integration', 'payment'],
  integration: ['audit', 'auth', 'mail', 'user'],
  'legacy-import': ['auth', 'blog', 'course', 'course-editing', 'enrollment', 'review', 'user'],
  'lesson-qa': ['auth', 'course', 'enrollment', 'mail', 'user'],
  mail: ['auth', 'phone', 'user'],
  payment: ['audit', 'auth', 'course', 'enrollment', 'integration', 'mail', 'user'],
  phone: ['auth', 'mail', 'user'],
  practice: ['auth', 'course', 'enrollment', 'integration', 'mail', 'user'],
  progress: ['auth', 'certificate', 'course', 'enrollment', 'practice', 'user'],
  review: ['auth', 'course', 'enrollment', 'user'],
  user: ['auth', 'course'],
  video: ['auth', 'course', 'course-editing', 'enrollment', 'mail', 'user'],
};

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const moduleUseRules = Object.entries(MODULE_USES).map(([name, uses]) => ({
  name: `module-uses-${name}`,
  severity: 'error',
  comment: `The ${name} module may import only ${uses.join(', ')} among the modules (MODULE_USES in .dependency-cruiser.cjs).`,
  from: { path: `^server/src/modules/${escape(name)}/`, pathNot: '\\.test\\.ts$' },
  to: { path: '^server/src/modules/[^/]+/', pathNot: [`^server/src/modules/(${[name, ...uses].map(escape).join('|')})/`] },
}));

/**
 * Import boundaries, checked in CI by `npm run lint` (dependency-cruiser):
 * - no import cycles, type imports included;
 * - the kernel (server/src/kernel, shared, config, i18n, the database's plumbing) sits below the modules;
 * - each server module uses only the modules MODULE_USES lists;
 * - a client feature uses only itself and the shared parts (components/, lib/, gql/), never another feature;
 * - shared client parts never reach into features;
 * - payments/ (the providers) imports no module;
 * - server layers point one way: transports (graphql resolvers, rest/, http/) -> modules (services) -> shared/ and db/.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Files that import each other, directly or through others, type imports included: move what both need to a file of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-kernel-below-modules',
      severity: 'error',
      comment:
        'The kernel (kernel/, shared/, config/, i18n/, the logger, db/ but for the entity list and the demo data) is what modules are written against; it names no module, transport or composition.',
      from: {
        path: '^server/src/(kernel/|shared/|config/|i18n/|logger\\.ts|db/)',
        pathNot: ['\\.test\\.ts$', '^server/src/db/(entities\\.ts|seed/|data-source\\.ts|generate-migration\\.ts)'],
      },
      to: { path: '^server/src/(modules|graphql|rest|http|payments)/|^server/src/(app|index|worker)\\.ts$|^server/src/db/(entities\\.ts|seed/)' },
    },
    ...moduleUseRules,
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
      name: 'server-payments-know-no-module',
      severity: 'error',
      comment:
        'Payment providers (payments/) speak only their gateway: they answer what a notification says, and modules/payment settles it. A module may import payments/, never the reverse (type imports included).',
      from: { path: '^server/src/payments/' },
      to: { path: '^server/src/modules/' },
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
