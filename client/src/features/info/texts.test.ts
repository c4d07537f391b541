import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The info pages' texts as written. */
const read = (language: 'en' | 'bn') => JSON.parse(readFileSync(join(__dirname, 'locales', `${language}.json`), 'utf8')) as Record<string, string>;
const english = read('en');
const bangla = read('bn');
const app = JSON.parse(readFileSync(join(__dirname, '../../locales/en.json'), 'utf8')) as Record<string, string>;

function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    found.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) placeholders(option.value, found);
  }
  return found;
}

describe("the info pages' texts", () => {
  it('have the same keys in Bangla and English, none of them also an app text', () => {
    expect(Object.keys(bangla).sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(english).filter((key) => key in app)).toEqual([]);
  });

  it('fill in the same placeholders in both languages', () => {
    const mismatched = Object.keys(english).filter(
      (key) =>
        [...placeholders(parse(english[key], { ignoreTag: true }))].sort().join() !== [...placeholders(parse(bangla[key], { ignoreTag: true }))].sort().join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('are all in Bangla', () => {
    expect(Object.keys(english).filter((key) => !/[\u0980-\u09FF]/.test(bangla[key]))).toEqual([]);
  });

  it('include every key the pages use', () => {
    const used = [...readdirSync(__dirname), ...readdirSync(join(__dirname, 'components')).map((file) => join('components', file))]
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .flatMap((file) => readFileSync(join(__dirname, file), 'utf8').match(/'info\.[\w.]+'/g) ?? [])
      .map((literal) => literal.slice(1, -1));
    expect(used.filter((key) => !(key in english))).toEqual([]);
  });
});
