import { CombinedGraphQLErrors } from '@apollo/client';
import bangla from '../locales/bn.json';
import english from '../locales/en.json';
import { createTranslator } from './i18n';
import { describeError, errorFacts } from './graphql-errors';

const refusal = (message: string, extensions: Record<string, unknown>) => new CombinedGraphQLErrors({ errors: [{ message, extensions }] });
const tooLong = refusal('Search text must be at most 100 characters', { code: 'TEXT_TOO_LONG', category: 'BAD_USER_INPUT', field: 'text', max: 100 });

describe('errors read by their code', () => {
  it('gives the code, the category and the data', () => {
    expect(errorFacts(tooLong)).toEqual({ code: 'TEXT_TOO_LONG', category: 'BAD_USER_INPUT', field: 'text', max: 100 });
    // A server older than categories: the code is the category.
    expect(errorFacts(refusal('Please sign in to continue.', { code: 'UNAUTHENTICATED' })).category).toBe('UNAUTHENTICATED');
    expect(errorFacts(new Error('offline'))).toEqual({ code: null, category: null, field: null, max: null });
  });

  it('words a code the client knows in the page’s language, whatever language the server answered in', () => {
    expect(describeError(tooLong, createTranslator('en', english)).message).toBe('This text is too long: at most 100 characters');
    expect(describeError(tooLong, createTranslator('bn', bangla)).message).toBe('লেখাটি বেশি লম্বা: সর্বোচ্চ ১০০ অক্ষর');
  });

  it('shows the server’s message for other codes, with the fields', () => {
    const other = refusal('Please fill up all the fields', {
      code: 'BAD_USER_INPUT',
      category: 'BAD_USER_INPUT',
      fields: { name: 'Please fill up all the fields' },
    });
    expect(describeError(other, createTranslator('en', english))).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Please fill up all the fields',
      fields: { name: 'Please fill up all the fields' },
    });
  });
});
