import { displayName } from '../../lib/session-context';
import { returnPath } from './login-page';

describe('after signing in', () => {
  it('returns to the page the guard came from, with its query, or home', () => {
    expect(returnPath({ from: { pathname: '/myprofile', search: '?tab=1', hash: '' } })).toBe('/myprofile?tab=1');
    expect(returnPath(null)).toBe('/');
    expect(returnPath({})).toBe('/');
  });
});

describe('the header name', () => {
  it('is the display name, or the part of the email before the @', () => {
    expect(displayName({ name: 'Farzana Akter', email: 'f@example.com' })).toBe('Farzana Akter');
    expect(displayName({ name: '  ', email: 'farzana.akter@example.com' })).toBe('farzana.akter');
  });
});
