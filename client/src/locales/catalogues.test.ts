import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The catalogues as written (the build and the other tests see them compiled). */
const read = (language: 'en' | 'bn') => JSON.parse(readFileSync(join(__dirname, `${language}.json`), 'utf8')) as Record<string, string>;
const english = read('en');
const bangla = read('bn');

/** The placeholders a message fills in, whatever their kind. */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    found.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    }
  }
  return found;
}

/** As the build parses them (scripts/compile-catalogue.cjs): no rich-text tags. */
const PARSE_OPTIONS = { ignoreTag: true };

/** Texts that read the same in both languages: names, card fields and formats. */
const SAME_IN_BOTH = new Set([
  'checkout.card.cvc',
  'checkout.card.expiryPlaceholder',
  'course.dollarPrice',
  'video.upload.percent',
  'coupons.percent',
  'checkout.method',
  'downloads.lesson',
  'download.option',
]);

describe('the Bangla and English catalogues', () => {
  it('have the same keys', () => {
    expect(Object.keys(bangla).filter((key) => !(key in english))).toEqual([]);
    expect(Object.keys(english).filter((key) => !(key in bangla))).toEqual([]);
  });

  it('hold only valid ICU messages, each language filling in the same placeholders', () => {
    const mismatched: string[] = [];
    for (const key of Object.keys(english)) {
      const inEnglish = [...placeholders(parse(english[key], PARSE_OPTIONS))].sort();
      const inBangla = [...placeholders(parse(bangla[key] ?? '', PARSE_OPTIONS))].sort();
      if (inEnglish.join() !== inBangla.join()) mismatched.push(`${key}: ${inEnglish.join()} / ${inBangla.join()}`);
    }
    expect(mismatched).toEqual([]);
  });

  it('translate every text into Bangla', () => {
    const untranslated = Object.keys(english).filter((key) => english[key] !== '' && bangla[key] === english[key] && !SAME_IN_BOTH.has(key));
    expect(untranslated).toEqual([]);
    const latinWords = Object.keys(bangla).filter((key) => !SAME_IN_BOTH.has(key) && bangla[key] !== '' && !/[\u0980-\u09FF]/.test(bangla[key]));
    expect(latinWords).toEqual([]);
  });
});
