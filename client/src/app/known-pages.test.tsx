import { isKnownPage, signInFirst } from './router';
import { paths } from '../lib/paths';

describe('which addresses are pages', () => {
  it('knows every page of the route table, with its parameters and query', () => {
    for (const address of [paths.home, paths.login, paths.allCourses + '?class=9', '/course/6f1f7b0e-4c8a-4a53-9a4e-0d6b3f3f2a11', paths.auditLog]) {
      expect(isKnownPage(address)).toBe(true);
    }
  });

  it('calls anything else unknown, so the server answers 404', () => {
    expect(isKnownPage('/no-such-page')).toBe(false);
    expect(isKnownPage('/course/x/y/z')).toBe(false);
  });
});

describe('a page that needs sign-in, asked for before any script runs', () => {
  const course = '6f1f7b0e-4c8a-4a53-9a4e-0d6b3f3f2a11';

  it('sends a browser that was not signed in to the sign-in page, which comes back to it', () => {
    expect(signInFirst(paths.enroll(course), undefined)).toBe(`/login?next=${encodeURIComponent(`/enroll/${course}`)}`);
    expect(signInFirst(`${paths.myCourses}?tab=2`, 'lang=bn')).toBe(`/login?next=${encodeURIComponent('/mycourses?tab=2')}`);
    expect(signInFirst(paths.auditLog, undefined)).toBe(`/login?next=${encodeURIComponent(paths.auditLog)}`);
  });

  it('leaves public pages, and a browser that says it was signed in, to the page itself', () => {
    for (const address of [paths.home, paths.course(course), paths.login, paths.searchFor('physics'), '/no-such-page']) {
      expect(signInFirst(address, undefined)).toBeNull();
    }
    expect(signInFirst(paths.enroll(course), 'shikhon_signed_in=1')).toBeNull();
  });
});
