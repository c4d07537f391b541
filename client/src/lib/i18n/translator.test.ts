import { parse } from '@formatjs/icu-messageformat-parser';
import type { Catalogue } from './catalogues';
import { createTranslator } from './translator';

const catalogue = (messages: Record<string, string>): Catalogue =>
  Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message, { ignoreTag: true })]));

const messages = catalogue({
  items: '{n, plural, one {# item} other {# items}}',
  count: '{n, number} learners',
  nth: '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
});

describe('the translator', () => {
  it('writes plurals and numbers as Intl does, in both languages', () => {
    for (const [language, locale] of [
      ['en', 'en'],
      ['bn', 'bn-BD'],
    ] as const) {
      const t = createTranslator(language, messages) as (key: string, values?: Record<string, number>) => string;
      const plural = new Intl.PluralRules(locale);
      const number = new Intl.NumberFormat(locale);
      for (const n of [0, 1, 2, 5, 21, 1000, 123456, 1234567, 1.5, 0.25, -1, -3]) {
        const category = plural.select(n);
        expect(t('items', { n })).toBe(`${number.format(n)} ${category === 'one' ? 'item' : 'items'}`);
        expect(t('count', { n })).toBe(`${number.format(n)} learners`);
      }
    }
    expect((createTranslator('en', messages) as (key: string, values: Record<string, number>) => string)('nth', { n: 2 })).toBe('2nd');
  });

  it('makes no Intl formatter for whole numbers', () => {
    const numbers = jest.spyOn(Intl, 'NumberFormat');
    const plurals = jest.spyOn(Intl, 'PluralRules');
    try {
      const t = createTranslator('bn', messages) as (key: string, values: Record<string, number>) => string;
      expect(t('items', { n: 1 })).toBe('১ item');
      expect(t('items', { n: 12345 })).toBe('১২,৩৪৫ items');
      expect(t('count', { n: 1234567 })).toBe('১২,৩৪,৫৬৭ learners');
      expect(numbers).not.toHaveBeenCalled();
      expect(plurals).not.toHaveBeenCalled();
    } finally {
      numbers.mockRestore();
      plurals.mockRestore();
    }
  });
});
