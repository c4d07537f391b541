import { returnPath } from './login-page';

describe('after signing in', () => {
  it('returns to the page the guard came from, with its query, or home', () => {
    expect(returnPath({ from: { pathname: '/myprofile', search: '?tab=1', hash: '' } })).toBe('/myprofile?tab=1');
    expect(returnPath(null)).toBe('/');
    expect(returnPath({})).toBe('/');
  });
});
