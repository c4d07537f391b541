/** @jest-environment node */
// In a browser-like environment Emotion would insert the CSS into the document instead of writing it out.
import fs from 'node:fs';
import path from 'node:path';
import { themeCss } from '../../scripts/theme-css-plugin';

const css = themeCss();

/** The stylesheets of the parts drawn without Chakra's run-time (src/styles and beside their components). */
function stylesheets(dir = path.resolve(__dirname, '..')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(file);
    return entry.name.endsWith('.css') ? [file] : [];
  });
}

describe("the style system's page-wide CSS, written at build time", () => {
  it('declares the layers, resets the page and defines the theme tokens', () => {
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    expect(css).toContain('@layer reset{');
    expect(css).toContain('--chakra-colors-blue-solid:var(--chakra-colors-blue-600)');
    expect(css).toContain('--chakra-sizes-7xl:80rem');
  });

  it("defines every theme variable the plain parts' stylesheets use", () => {
    const files = stylesheets();
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const used = [...fs.readFileSync(file, 'utf8').matchAll(/var\((--chakra-[\w\\.-]+)/g)].map(([, name]) => name);
      // The colour palette's variables are set by a palette class (ui-blue) or the page's default palette.
      for (const name of new Set(used))
        expect({ file: path.basename(file), name, defined: css.includes(`${name}:`) }).toEqual({ file: path.basename(file), name, defined: true });
    }
  });
});
