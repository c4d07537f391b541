import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The catalogues as written (the build and the other tests read them compiled). */
const read = (language: string): Record<string, string> => JSON.parse(fs.readFileSync(path.join(__dirname, `${language}.json`), 'utf8'));
const english = read('en');
const bangla = read('bn');

/** Every value a message takes: its placeholders, and those inside its plural and select branches. */
function placeholders(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) placeholders(option.value, names);
    }
  }
  return names;
}
const placeholdersOf = (message: string) => [...placeholders(parse(message, { ignoreTag: true }))].sort();

describe('the message catalogues', () => {
  it('leave no message empty', () => {
    expect(Object.entries({ ...english }).filter(([, message]) => !message.trim())).toEqual([]);
    expect(Object.entries({ ...bangla }).filter(([, message]) => !message.trim())).toEqual([]);
  });

  it('keep the specification’s texts word for word in English', () => {
    expect(english['search.noResults']).toBe('No course found with your query!');
    expect(english['home.sections.free']).toBe('Start your Learning with our Free Courses');
    expect(english['contact.sentTitle']).toBe('Massage Sent Successfully!');
    expect(english['common.loading']).toBe('loading...');
  });
});
