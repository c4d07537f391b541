import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import { closeTestDatabase, openTestDatabase } from '../../test/database';
import { holdsTerm, searchTerms, searchText } from './search-text';

let db: DataSource;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => closeTestDatabase(db));

const inDatabase = async (text: string): Promise<string> => (await db.query<Array<{ text: string }>>('SELECT search_text($1) AS "text"', [text]))[0].text;

describe('the form search compares texts in', () => {
  it.each([
    ['Class 9 Physics', 'class 9 physics'],
    // NFC: য় typed as one character or as য with a nukta.
    ['\u09DF', '\u09AF\u09BC'],
    ['\u09AF\u09BC', '\u09AF\u09BC'],
    // Zero-width non-joiner and joiner, soft hyphen, byte-order mark.
    ['র\u200C\u200D্যাব', 'র্যাব'],
    ['গ\u00ADণি\uFEFFত', 'গণিত'],
    ['ক্লাস ৯', 'class 9'],
    ['নবম শ্রেণি', 'class 9'],
    ['নবম শ্রেণী', 'class 9'],
    ['৯ম শ্রেণি', 'class 9'],
    ['নবম', 'class 9'],
    ['ক্লাস নবম', 'class 9'],
    ['গণিত – অষ্টম শ্রেণি', 'গণিত – class 8'],
    ['পদার্থবিজ্ঞান – নবম-দশম শ্রেণি', 'পদার্থবিজ্ঞান – class 9-class 10'],
    ['উচ্চতর গণিত – একাদশ-দ্বাদশ শ্রেণি', 'উচ্চতর গণিত – class 11-class 12'],
    ['প্রাথমিক গণিত – প্রথম শ্রেণি', 'প্রাথমিক গণিত – class 1'],
    ['১ম ২য় ৩য় ৪র্থ ৫ম ৬ষ্ঠ ৭ম ৮ম ৯ম ১০ম ১১শ ১২শ', 'class 1 class 2 class 3 class 4 class 5 class 6 class 7 class 8 class 9 class 10 class 11 class 12'],
    [
      'প্রথম দ্বিতীয় তৃতীয় চতুর্থ পঞ্চম ষষ্ঠ সপ্তম অষ্টম নবম দশম একাদশ দ্বাদশ',
      'class 1 class 2 class 3 class 4 class 5 class 6 class 7 class 8 class 9 class 10 class 11 class 12',
    ],
    // Only a whole word is a class: "নবমী" is a festival day, "প্রথমে" means "at first".
    ['নবমী প্রথমে', 'নবমী প্রথমে'],
    ['৫মিনিট', '5মিনিট'],
    ['নবম শ্রেণির শিক্ষার্থী', 'class 9র শিক্ষার্থী'],
    ['class classroom', 'class classroom'],
  ])('turns %j into %j, in the server and in the database alike', async (text, expected) => {
    expect(searchText(text)).toBe(expected);
    expect(await inDatabase(text)).toBe(expected);
  });

  it('is the same rule in the server and in the database for any mix of Latin, Bangla, digits and invisible marks', async () => {
    const pieces = [
      ...'abcxyzABC 0129-–:'.split(''),
      ...'অআকগণতথদনপবমযরলশষসহািীুূৃেোৌ্ংঃঁ়'.split(''),
      ...'০১২৩৪৫৬৭৮৯'.split(''),
      '\u09DF',
      '\u200C',
      '\u200D',
      '\u00AD',
      '\uFEFF',
      '\u200B',
      'class',
      'শ্রেণি',
      'শ্রেণী',
      'ক্লাস',
      'নবম',
      'দশম',
      'একাদশ',
      'প্রথম',
      'দ্বিতীয়',
      'ম',
      'য়',
      'র্থ',
      'ষ্ঠ',
      'শ',
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), async (parts) => {
        const text = parts.join('');
        expect(await inDatabase(text)).toBe(searchText(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the terms of a search', () => {
  it('keeps a class whole and its number apart from other numbers', () => {
    expect(searchTerms(searchText('গণিত নবম শ্রেণি'))).toEqual(['গণিত', 'class 9']);
    expect(searchTerms('class 10 chemistry 2024')).toEqual(['class 10', 'chemistry', '2024']);
    expect(searchTerms('class notes')).toEqual(['class', 'notes']);
  });

  it('finds a class only as that class', () => {
    expect(holdsTerm('গণিত – class 1 ব্যাচ 19', 'class 1')).toBe(true);
    expect(holdsTerm('chemistry – class 10', 'class 1')).toBe(false);
    expect(holdsTerm('গণিত – class 1 ব্যাচ 19', 'class 9')).toBe(false);
    expect(holdsTerm('physics – class 9-class 10', 'class 9')).toBe(true);
    expect(holdsTerm('physics batch 197', '9')).toBe(true);
  });
});
