import { ChakraProvider } from '@chakra-ui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { themeSystem } from '../src/app/theme';

const ID = 'virtual:theme.css';
const RESOLVED = '\0virtual:theme.css';

/**
 * The style system's page-wide CSS (the order of its layers, the reset, the global styles and every
 * token as a CSS variable), written once at build time from src/app/theme.ts, exactly as Chakra's
 * provider would insert it at run time (the same serializer draws it here). The page's stylesheet
 * carries it, so a page drawn without Chakra's run-time (the header, the home page) has it before
 * the scripts, and the provider inserts none of it again (app/chakra.tsx).
 */
export function themeCss(): string {
  const markup = renderToStaticMarkup(createElement(ChakraProvider, { value: themeSystem(), children: null }));
  return [...markup.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => css).join('\n');
}

/** `import 'virtual:theme.css'` (main.tsx) gives the stylesheet above. */
export function themeCssPlugin(): Plugin {
  return {
    name: 'theme-css',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? themeCss() : undefined),
  };
}
