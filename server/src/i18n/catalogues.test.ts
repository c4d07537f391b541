import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import bangla from './bn.json';
import english from './en.json';
import banglaForEnglish from './messages.bn.json';
import { text, translateMessage } from './translate';

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
const placeholdersOf = (message: string) => [...placeholders(parse(message, { ignoreTag: true }))].sort().join(', ');

describe("the server's catalogues", () => {
  it('have the same keys in Bangla and English', () => {
    expect(Object.keys(bangla).sort()).toEqual(Object.keys(english).sort());
  });

  it('give each text the same placeholders in both languages', () => {
    const en = english as Record<string, string>;
    const bn = bangla as Record<string, string>;
    expect(Object.keys(en).filter((key) => placeholdersOf(en[key]) !== placeholdersOf(bn[key] ?? ''))).toEqual([]);
  });

  it('translate each English message template with the same placeholders', () => {
    const entries = Object.entries(banglaForEnglish as Record<string, string>);
    expect(entries.filter(([template, translation]) => placeholdersOf(template) !== placeholdersOf(translation)).map(([template]) => template)).toEqual([]);
  });
});

describe('translating messages written in English', () => {
  it('says a known message in Bangla and leaves English as it is', () => {
    expect(translateMessage('bn', 'Wrong email or password')).toBe('ইমেইল বা পাসওয়ার্ড ভুল');
    expect(translateMessage('en', 'Wrong email or password')).toBe('Wrong email or password');
  });

  it('fills in the values of a message that carries them, numbers in Bengali digits and known words translated', () => {
    expect(translateMessage('bn', 'Search text must be at most 100 characters')).toBe('খোঁজার লেখা সর্বোচ্চ ১০০ অক্ষরের হতে পারে');
    expect(translateMessage('bn', 'Name is required')).toBe('নাম লিখুন');
    expect(translateMessage('bn', 'Description must be at most 5000 characters')).toBe('বিবরণ সর্বোচ্চ ৫,০০০ অক্ষরের হতে পারে');
  });

  it('leaves a message it does not know in English rather than guessing', () => {
    expect(translateMessage('bn', 'A message nobody translated')).toBe('A message nobody translated');
  });

  it('writes every number of a Bangla SMS in Bangla digits', () => {
    expect(text('bn', 'sms.code', { code: '123456', localCode: '১২৩৪৫৬', minutes: 5, host: 'shikhon.test' })).toContain('এটি ৫ মিনিট কাজ করবে');
  });

  it('writes emails in the account’s language', () => {
    expect(text('bn', 'mail.reset.text', { name: 'Rahim', minutes: 30, link: 'https://x.example/r' })).toContain('৩০ মিনিটের মধ্যে');
    expect(text('en', 'mail.reset.subject')).toBe('Reset your Shikhon password');
  });
});
