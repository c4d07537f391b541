import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The glossary's rows: the word to use, the words it rejects, and longer words that only begin like one of them. */
function glossary(): Array<{ english: string; use: string; rejected: string[]; others: string[] }> {
  const rows = readFileSync(join(__dirname, 'GLOSSARY.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('| ---') && !line.startsWith('| English'));
  return rows.map((line) => {
    const [english, use, rejected, others = ''] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const words = (cell: string) =>
      cell
        .split(',')
        .map((word) => word.trim())
        .filter(Boolean);
    return { english, use, rejected: words(rejected), others: words(others) };
  });
}

const read = (path: string) => JSON.parse(readFileSync(join(__dirname, path), 'utf8')) as Record<string, string>;
/** Every Bangla text of the interface: the client's (its catalogue and the texts some pages keep beside them), the server's keyed ones, and its translated messages. */
const catalogues: Record<string, Record<string, string>> = {
  'client bn.json': read('bn.json'),
  'server bn.json': read('../../../server/src/i18n/bn.json'),
  'server messages.bn.json': read('../../../server/src/i18n/messages.bn.json'),
  // The texts pages keep beside them, shipped with those pages only.
  'info pages bn.json': read('../features/info/locales/bn.json'),
  'authoring pages bn.json': read('../features/practice/authoring/locales/bn.json'),
};

/** A Bengali letter or sign: a rejected word counts where it starts a word, whatever ending follows. */
const BENGALI = '\\u0980-\\u09FF';

describe('the Bangla glossary', () => {
  const rows = glossary();

  it('has rows, each with one word to use that it does not also reject', () => {
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row.rejected).not.toContain(row.use);
  });

  it('tells a price (দাম, not মূল্য) from an assessment (মূল্যায়ন)', () => {
    const price = rows.find((row) => row.english === 'price');
    expect(price).toMatchObject({ use: 'দাম', rejected: ['মূল্য'], others: ['মূল্যায়ন'] });
    expect(catalogues['client bn.json']['courseCard.price']).toMatch(/^দাম: /);
  });

  it('is followed by every Bangla catalogue', () => {
    const found: string[] = [];
    for (const { english, use, rejected, others } of rows) {
      for (const word of rejected) {
        // Not where the text goes on into another word that begins the same (মূল্যায়ন after মূল্য).
        const longer = others.filter((other) => other.startsWith(word)).map((other) => `(?!${other.slice(word.length)})`);
        const pattern = new RegExp(`(^|[^${BENGALI}])${word}${longer.join('')}`);
        for (const [name, catalogue] of Object.entries(catalogues)) {
          for (const [key, value] of Object.entries(catalogue)) {
            if (pattern.test(value)) found.push(`${name} ${key}: "${word}" for ${english}; use "${use}"`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
});
