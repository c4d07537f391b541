import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

type Catalogue = Record<string, string>;

/** The client's catalogues as written (or a feature's own texts, in `client/src/<dir>`), found from wherever the compiled tests run. */
function readCatalogue(language: 'en' | 'bn', dir = 'locales'): Catalogue {
  let root = __dirname;
  while (!fs.existsSync(path.join(root, 'client/src/locales'))) {
    const parent = path.dirname(root);
    assert.notEqual(parent, root, 'client/src/locales not found');
    root = parent;
  }
  return JSON.parse(fs.readFileSync(path.join(root, 'client/src', dir, `${language}.json`), 'utf8')) as Catalogue;
}

/** The app's texts, with the info pages' own (features/info/locales, shipped with those pages only). */
export const english = { ...readCatalogue('en'), ...readCatalogue('en', 'features/info/locales') };
export const bangla = { ...readCatalogue('bn'), ...readCatalogue('bn', 'features/info/locales') };
/** The question bank and model test builder pages' texts, which ship with those pages only. */
export const authoringBangla = readCatalogue('bn', 'features/practice/authoring/locales');

/** A catalogue text without placeholders, as the page shows it. */
export function text(catalogue: Catalogue, key: string): string {
  const message = catalogue[key];
  assert.ok(message !== undefined, `no message ${key}`);
  assert.ok(!message.includes('{'), `${key} has placeholders`);
  return message;
}

/** The top-level parts of a message: literal text, and each `{...}` block's inside. */
function parts(message: string): Array<{ literal: string } | { block: string }> {
  const found: Array<{ literal: string } | { block: string }> = [];
  let depth = 0;
  let current = '';
  for (const char of message) {
    if (char === '{' && depth++ === 0) {
      if (current) found.push({ literal: current });
      current = '';
    } else if (char === '}' && --depth === 0) {
      found.push({ block: current });
      current = '';
    } else current += char;
  }
  if (current) found.push({ literal: current });
  return found;
}

/**
 * A message as a pattern for a whole shown text: a placeholder (and `#`) matches any text, a
 * plural or select its `other` form, so "{n} of {total, plural, ...}" still needs its "lessons".
 */
function messageSource(message: string): string {
  return parts(message)
    .map((part) => {
      if ('literal' in part) return part.literal.replace(/[.*+?^$()|[\]\\/]/g, '\\$&').replace(/#/g, '.+?');
      const other = /^\s*\w+\s*,\s*(?:plural|select|selectordinal)\s*,.*?\bother\s*\{/s.exec(part.block);
      if (!other) return '.+?';
      const inner = parts(part.block.slice(other[0].length - 1)).find((piece) => 'block' in piece) as { block: string };
      return messageSource(inner.block);
    })
    .join('');
}

const messagePattern = (message: string) => new RegExp(`^${messageSource(message)}$`, 's');

/** Whether a message has English words of its own, outside its placeholders (not just "{name}"). */
const hasWords = (message: string) => /[A-Za-z]{2}/.test(messageSource(message).replaceAll('.+?', ''));

/** Every text the page shows or says: text nodes, and the labels, placeholders, titles and alt texts. */
function shownTexts(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const found: string[] = [];
    const roots = Array.from(document.querySelectorAll(scope));
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) => (node.parentElement?.closest('script, style, noscript') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
      });
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.textContent?.trim();
        if (value) found.push(value);
      }
      const labelled = root.querySelectorAll('[aria-label], [placeholder], [title], [alt]');
      for (let i = 0; i < labelled.length; i += 1) {
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = labelled[i].getAttribute(name)?.trim();
          if (value) found.push(value);
        }
      }
    }
    return found;
  }, scope);
}

/**
 * Fails when the page shows an English text of the catalogue under one of `prefixes` (texts that
 * read the same in both languages, such as "CVC", are not English), and waits for each Bangla
 * text of `expected` first, so the page has rendered. `scope`: the parts of the page looked at.
 */
export async function expectBanglaOnly(page: Page, prefixes: string[], expected: string[], scope = 'body'): Promise<void> {
  // The closed phone menu holds some of the same texts, hidden: the visible one is waited for.
  for (const key of expected)
    await page.getByText(text(bangla, key), { exact: true }).filter({ visible: true }).first().waitFor({ state: 'visible', timeout: 15_000 });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'bn');
  const englishTexts = Object.entries(english).filter(
    ([key, message]) => prefixes.some((prefix) => key.startsWith(prefix)) && message !== bangla[key] && hasWords(message),
  );
  const shown = await shownTexts(page, scope);
  assert.ok(shown.length > 0, `nothing shown in ${scope}`);
  const leftInEnglish = englishTexts.filter(([, message]) => {
    const pattern = messagePattern(message);
    return shown.some((value) => pattern.test(value));
  });
  assert.deepEqual(
    leftInEnglish.map(([key, message]) => `${key}: ${message}`),
    [],
    `English texts on the Bangla page ${page.url()}`,
  );
}
