import fs from 'node:fs';
import path from 'node:path';

/** The catalogues as written (the build and the other tests read them compiled). */
const read = (language: string) => JSON.parse(fs.readFileSync(path.join(__dirname, `${language}.json`), 'utf8')) as Record<string, string>;
const english = read('en');
const bangla = read('bn');

describe('the message catalogues as written', () => {
  // A part may be empty in one language only, where the two order a sentence differently around a link.
  it('leave no message empty in both languages', () => {
    expect(Object.keys(english).filter((key) => !english[key].trim() && !bangla[key]?.trim())).toEqual([]);
  });

  it('keep the specification’s texts word for word in English', () => {
    expect(english['search.noResults']).toBe('No course found with your query!');
    expect(english['home.sections.free']).toBe('Start your Learning with our Free Courses');
    expect(english['contact.sentTitle']).toBe('Massage Sent Successfully!');
    expect(english['common.loading']).toBe('loading...');
  });
});
