import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
const app = readJson(join(__dirname, '../locales/en.json'));

function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    found.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) placeholders(option.value, found);
  }
  return found;
}

/**
 * The checks of a feature that keeps its own texts beside its pages (`<folder>/locales`, read with
 * `featureTexts`): both languages alike, all in Bangla, and every `'<prefix>.…'` key its source files
 * (in `folder` and the given subfolders) use is there.
 */
export function describeFeatureTexts(title: string, folder: string, prefix: string, subfolders: string[] = []) {
  const english = readJson(join(folder, 'locales', 'en.json'));
  const bangla = readJson(join(folder, 'locales', 'bn.json'));

  describe(title, () => {
    it('have the same keys in Bangla and English, none of them also an app text', () => {
      expect(Object.keys(bangla).sort()).toEqual(Object.keys(english).sort());
      expect(Object.keys(english).filter((key) => key in app)).toEqual([]);
    });

    it('fill in the same placeholders in both languages', () => {
      const mismatched = Object.keys(english).filter(
        (key) =>
          [...placeholders(parse(english[key], { ignoreTag: true }))].sort().join() !==
          [...placeholders(parse(bangla[key], { ignoreTag: true }))].sort().join(),
      );
      expect(mismatched).toEqual([]);
    });

    it('are all in Bangla', () => {
      expect(Object.keys(english).filter((key) => !/[\u0980-\u09FF]/.test(bangla[key]))).toEqual([]);
    });

    it('include every key the pages use', () => {
      const pattern = new RegExp(`'${prefix}\\.[\\w.]+'`, 'g');
      const used = ['.', ...subfolders]
        .flatMap((sub) => readdirSync(join(folder, sub)).map((file) => join(sub, file)))
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        .flatMap((file) => readFileSync(join(folder, file), 'utf8').match(pattern) ?? [])
        .map((literal) => literal.slice(1, -1));
      expect(used.length).toBeGreaterThan(0);
      expect(used.filter((key) => !(key in english))).toEqual([]);
    });
  });
}
