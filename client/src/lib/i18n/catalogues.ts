import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type english from '../../locales/en.json';
import type { Language } from './languages';

/** A catalogue's keys, the English one being the reference every other follows. */
export type MessageKey = keyof typeof english;

/**
 * A language's messages. The build compiles each ICU message to its syntax tree
 * (client/scripts/catalogue-plugin.ts), and a message without any ICU syntax to its plain text, so
 * the browser never parses a message; tests and the dev server read the JSON as written.
 */
export type Catalogue = Record<string, string | MessageFormatElement[]>;

/**
 * Each catalogue is two chunks: the texts of the public pages (src/locales/first-load.ts), which a
 * page loads first (the server names the chunk in a modulepreload link), and the rest, which
 * arrives when a page needs it. The other language's arrive when the visitor switches.
 */
const parts: Record<Language, Record<'first' | 'rest', () => Promise<{ default: Catalogue }>>> = {
  bn: { first: () => import('../../locales/bn.json?first'), rest: () => import('../../locales/bn.json?rest') },
  en: { first: () => import('../../locales/en.json?first'), rest: () => import('../../locales/en.json?rest') },
};

/**
 * Each language's catalogue as loaded so far: one object, holding the first part and, once
 * loaded, the rest too (merged into it, so a translator made earlier finds those texts as well).
 */
const loaded: Partial<Record<Language, { first: Promise<Catalogue>; whole?: Promise<Catalogue> }>> = {};
/** Set once a page has needed the rest: from then on, a language switch loads both parts. */
let restNeeded = false;

function loadFirst(language: Language) {
  return (loaded[language] ??= { first: parts[language].first().then((module) => ({ ...module.default })) });
}

function loadWhole(language: Language): Promise<Catalogue> {
  const entry = loadFirst(language);
  return (entry.whole ??= Promise.all([entry.first, parts[language].rest()]).then(([catalogue, rest]) => Object.assign(catalogue, rest.default)));
}

/**
 * The messages a page in `language` starts with. In the browser, the public pages' texts (the
 * whole catalogue once a page has needed the rest); on the server, which renders any page, all of
 * them.
 */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  return typeof document === 'undefined' || restNeeded ? loadWhole(language) : loadFirst(language).first;
}

/**
 * The rest of the catalogue of every language loaded so far: every page but the public ones waits
 * for it before it is drawn (src/app/router.tsx), so it never shows a key instead of its text.
 */
export function loadRestOfCatalogues(): Promise<unknown> {
  restNeeded = true;
  return Promise.all(Object.keys(loaded).map((language) => loadWhole(language as Language)));
}
