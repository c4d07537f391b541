import { displayName } from './session-context';

describe('the header name', () => {
  it('is the display name, or the part of the email before the @', () => {
    expect(displayName({ name: 'Farzana Akter', email: 'f@example.com' })).toBe('Farzana Akter');
    expect(displayName({ name: '  ', email: 'farzana.akter@example.com' })).toBe('farzana.akter');
  });
});
