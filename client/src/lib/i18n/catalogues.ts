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
 * Each catalogue is a chunk of its own: a page loads only its language's one (the server names it
 * in a modulepreload link), and the other arrives when the visitor switches.
 */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  const module = language === 'bn' ? await import('../../locales/bn.json') : await import('../../locales/en.json');
  return module.default;
}
