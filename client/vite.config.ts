import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type BuildOptions, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { cataloguePlugin } from './scripts/catalogue-plugin';
import { precacheForStudents } from './scripts/precache-files';
import { themeCssPlugin } from './scripts/theme-css-plugin';

// react-router's package exports point at its development build (extra checks and warnings);
// production bundles take the production build it ships beside it.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: resolve(__dirname, '../node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: resolve(__dirname, '../node_modules/react-router/dist/production/dom-export.mjs') },
];

// The catalogues arrive parsed (scripts/catalogue-plugin.ts), so the message parser stays out of
// the bundles: intl-messageformat only calls it for a message given as text.
const noMessageParser = [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js' }];

// The server's build of the pages it renders (src/server-entry.tsx): one CommonJS file with every
// library inside, so the server can require it without resolving the client's packages.
const serverRenderBuild: BuildOptions = {
  outDir: 'dist-server',
  copyPublicDir: false,
  emptyOutDir: true,
  rollupOptions: {
    input: resolve(__dirname, 'src/server-entry.tsx'),
    output: { format: 'cjs', entryFileNames: 'server-entry.cjs', inlineDynamicImports: true },
  },
};

/** The browser's build: the site and the playground. */
const browserBuild: BuildOptions = {
  outDir: 'dist',
  emptyOutDir: true,
  manifest: true,
  sourcemap: false,
  rollupOptions: {
    onwarn(warning, warn) {
      // Library files carry "use client"-style directives that a bundle does not need.
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
      warn(warning);
    },
    // Chakra and Ark build every component's anatomy at module load, and Chakra's theme wraps each
    // recipe and token group in an identity function (defineRecipe...); marked pure, the anatomies
    // and recipes of components the client never uses are left out of the bundle.
    treeshake: {
      manualPureFunctions: [
        'createAnatomy',
        'defineAnimationStyles',
        'defineConditions',
        'defineConfig',
        'defineGlobalStyles',
        'defineKeyframes',
        'defineLayerStyles',
        'defineRecipe',
        'defineSemanticTokens',
        'defineSlotRecipe',
        'defineStyle',
        'defineTextStyles',
        'defineTokens',
      ],
    },
    input: {
      main: resolve(__dirname, 'index.html'),
      playground: resolve(__dirname, 'playground.html'),
    },
  },
};

/**
 * The site's service worker (service-worker/sw.ts), built into dist/sw.js with the list of files it
 * precaches; the server serves the web app manifest (server/src/http/installable-app.ts), and the
 * page registers the worker itself (src/lib/app-worker.ts).
 */
const serviceWorker = (): PluginOption =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'service-worker',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      // A classic script: the old address of the practice pages' worker (public/practice-sw.js) imports it.
      rollupFormat: 'iife',
      globPatterns: ['**/*.{js,css,woff2,svg,png}'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      manifestTransforms: [precacheForStudents(resolve(__dirname, 'dist'))],
      // The offline page in each language, drawn by the server; kept again with each new version.
      additionalManifestEntries: ['bn', 'en'].map((language) => ({ url: `/offline/${language}`, revision: String(Date.now()) })),
    },
  });

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [cataloguePlugin(), themeCssPlugin(), react(), ...(command === 'build' && !isSsrBuild ? [serviceWorker()] : [])],
  resolve: {
    alias: command === 'build' ? [...reactRouterProduction, ...noMessageParser] : [],
    // rxjs (under Apollo Client) ships ES5 code with helpers unless asked for its ES2015 build.
    conditions: ['es2015', ...defaultClientConditions],
  },
  ssr: { noExternal: true },
  // The server's bundle runs the libraries' production builds whatever NODE_ENV the server has.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild ? serverRenderBuild : browserBuild,
  server: {
    proxy: {
      '/graphql': 'http://localhost:4000',
      '/api': 'http://localhost:4000',
    },
  },
}));
