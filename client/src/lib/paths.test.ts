import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { matchRoutes } from 'react-router-dom';
import { routes } from '../app/router';
import { paths, routePatterns } from './paths';

const src = join(__dirname, '..');

/** The client's own source files: components and modules, not tests, generated code or this module. */
function sources(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' || entry.name === 'test' ? [] : sources(path);
    if (!/\.tsx?$/.test(entry.name) || /\.(test|generated)\.tsx?$/.test(entry.name)) return [];
    return relative(src, path) === join('lib', 'paths.ts') ? [] : [path];
  });
}

/** The first part of every address the client has (e.g. "course", "admin-dashboard"). */
const firstParts = new Set(
  [...Object.values(paths), ...Object.values(routePatterns)]
    .map((value) => (typeof value === 'function' ? value('x') : value))
    .map((address) => address.split(/[/?]/)[1]?.toLowerCase())
    .filter((part): part is string => Boolean(part)),
);

/** Internal addresses spelled in place: a string or template starting with "/" and one of the client's routes. */
function spelledAddresses(text: string): string[] {
  const literals = text.match(/(['"`])\/[A-Za-z][\w-]*/g) ?? [];
  return literals.filter((literal) => firstParts.has(literal.slice(2).toLowerCase()));
}

describe('the client spells its addresses only in lib/paths.ts', () => {
  it('finds every route in the scan list', () => {
    for (const part of ['allcourses', 'mycourseplay', 'instructor-dashboard', 'admin-dashboard', 'blog', 'support', 'complain', 'addreview']) {
      expect(firstParts.has(part)).toBe(true);
    }
  });

  it('catches an address written in a link', () => {
    expect(spelledAddresses('<RouterLink to="/allcourses">')).toEqual(['"/allcourses']);
    expect(spelledAddresses('<RouterLink to={`/myCourseplay/${id}`}>')).toEqual(['`/myCourseplay']);
    expect(spelledAddresses("navigate('/instructor-dashboard')")).toEqual(["'/instructor-dashboard"]);
    expect(spelledAddresses('<Image src="/media/logo.svg" />')).toEqual([]);
  });

  it('no component or module outside lib/paths.ts writes one', () => {
    const offenders = sources().flatMap((file) => spelledAddresses(readFileSync(file, 'utf8')).map((literal) => `${relative(src, file)}: ${literal}`));
    expect(offenders).toEqual([]);
  });
});

describe('the route table', () => {
  const matched = (address: string) => matchRoutes(routes, address)?.at(-1)?.route.path;

  it('has a screen for every address of lib/paths.ts', () => {
    const addresses = Object.values(paths).map((value) => (typeof value === 'function' ? value('some-id') : value));
    for (const address of addresses) expect([address, matched(address.split('?')[0])]).not.toEqual([address, '*']);
  });

  it('opens the player at both spellings the spec uses', () => {
    expect(matched(paths.player('abc'))).toBe(routePatterns.player);
    expect(matched('/myCourseplay/abc')).toBe(routePatterns.player);
  });

  it('sends unknown addresses to the not-found page', () => {
    expect(matched('/no-such-page')).toBe('*');
  });
});
