import { nextAddress, returnPath } from './login-page';

describe('after signing in', () => {
  it('returns to the page the guard came from, with its query, or home', () => {
    expect(returnPath({ from: { pathname: '/myprofile', search: '?tab=1', hash: '' } })).toBe('/myprofile?tab=1');
    expect(returnPath(null)).toBe('/');
    expect(returnPath({})).toBe('/');
  });
});

describe('the address to come back to, given in ?next=', () => {
  it('is taken only when it is an address of this site', () => {
    expect(nextAddress('/enroll/6f1f7b0e-4c8a-4a53-9a4e-0d6b3f3f2a11')).toBe('/enroll/6f1f7b0e-4c8a-4a53-9a4e-0d6b3f3f2a11');
    expect(nextAddress('/mycourses?tab=1')).toBe('/mycourses?tab=1');
    for (const elsewhere of ['https://example.com/', '//example.com/', '/\\example.com', 'javascript:alert(1)', '', null]) {
      expect(nextAddress(elsewhere)).toBeNull();
    }
  });
});
