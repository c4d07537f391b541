import { isKnownPage } from './router';
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
