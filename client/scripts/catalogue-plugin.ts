import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { isFirstLoadText } from '../src/locales/first-load';

const require = createRequire(import.meta.url);
const { compileMessages } = require('./compile-catalogue.cjs') as { compileMessages: (source: string, file: string) => unknown };

/** A catalogue, or one of the two parts of the app's (`en.json?first`, `en.json?rest`: src/locales/first-load.ts). */
const CATALOGUE_IMPORT = /\/locales\/(\w+)\.json(\?(first|rest))?$/;
/** The first part of one of the app's own catalogues, as opposed to the texts a feature keeps beside its pages (features/x/locales). */
const APP_CATALOGUE_FIRST = /\/src\/locales\/(\w+)\.json\?first$/;
/** Catalogues become modules of their own (other plugins, such as Vite's JSON one, leave them alone). */
const PREFIX = '\0catalogue:';
const SUFFIX = '.js';
/**
 * Noto Sans Bengali's regular face with the Bengali script only (no Latin: Latin text keeps the
 * phone's own fonts), made by scripts/subset-bangla-font.mjs from @fontsource/noto-sans-bengali's
 * Bengali subset without its Vedic signs (39.5 KB of 44.4 KB; every Bangla text and conjunct drawn
 * the same). Regular only: a Bangla page's first paint waits for one font file, not two (92 KB
 * with the bold one, which every heading and button asked for). The browser draws bold Bangla from
 * the regular face (font-synthesis), as it does for a phone's own Bangla font that has no bold.
 */
const BANGLA_FONTS = [
  {
    weight: 400,
    name: 'noto-sans-bengali-bengali-400-normal.woff2',
    file: path.resolve(import.meta.dirname, '../src/assets/fonts/noto-sans-bengali-400-bengali.woff2'),
  },
];
/**
 * The same face as the phone's own, by the names Android and desktops give it (its full name and
 * PostScript name; Android before 10 has the UI variant): a phone that has it, as every Android
 * phone does, draws Bangla pages with it and downloads nothing. Only other devices download ours,
 * and not ahead of the page's scripts (no preload: on a slow link its 40 KB would arrive at the
 * cost of the scripts, about 0.8 s at 400 kbps; bench/results/phone.md).
 */
const SAME_FACE_ON_THE_PHONE = ['Noto Sans Bengali Regular', 'NotoSansBengali-Regular', 'Noto Sans Bengali UI Regular', 'NotoSansBengaliUI-Regular']
  .map((name) => `local('${name}')`)
  .join(',');
/** The code points the font has (scripts/subset-bangla-font.mjs keeps these): it loads only for them. */
const BENGALI_RANGE = 'U+0964-0965,U+0980-09FE,U+200C-200D,U+25CC';
/**
 * On English pages, only the header's "বাংলা" and the taka sign are Bengali: a subset of the same
 * font with just those letters (1 KB, made with fontTools: `pyftsubset
 * noto-sans-bengali-bengali-400-normal.woff2 --text="বাংলা৳" --layout-features='*' --flavor=woff2
 * --no-hinting --desubroutinize`), so a phone without a Bangla font shows them rather than boxes.
 */
const MINI_FONT = { name: 'bangla-mini.woff2', file: path.resolve(import.meta.dirname, '../src/assets/fonts/bangla-mini.woff2') };
/** The letters of "বাংলা" and the taka sign (U+09F3), the subset's only ones. */
const MINI_RANGE = 'U+0982,U+09AC,U+09B2,U+09BE,U+09F3';
/** Must match the body font stack in src/app/theme.ts, with the self-hosted face in front. */
const SYSTEM_FONTS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Bengali', sans-serif";

/**
 * The Bangla font's faces and their use on Bangla pages (`<html lang="bn">`, also after a switch in
 * the browser). English pages keep the phone's fonts and download nothing.
 */
function banglaFontStyle(files: Record<number, string>, mini: string): string {
  // The taka sign alone takes the subset anywhere on an English page (one letter: nothing to join
  // with its neighbours); "বাংলা" takes it in the language switch, whose only text it is.
  const englishPages =
    `@font-face{font-family:'Shikhon Taka';font-style:normal;font-weight:100 900;font-display:swap;src:url(/${mini}) format('woff2');unicode-range:U+09F3}` +
    `@font-face{font-family:'Shikhon Bangla Mini';font-style:normal;font-weight:100 900;font-display:swap;src:url(/${mini}) format('woff2');unicode-range:${MINI_RANGE}}` +
    `html:not([lang=bn]){--chakra-fonts-body:'Shikhon Taka', ${SYSTEM_FONTS};--chakra-fonts-heading:'Shikhon Taka', ${SYSTEM_FONTS}}` +
    `html:not([lang=bn]) [hreflang=bn]{font-family:'Shikhon Bangla Mini', ${SYSTEM_FONTS}}`;
  const faces = BANGLA_FONTS.map(
    ({ weight }) =>
      `@font-face{font-family:'Shikhon Bangla';font-style:normal;font-weight:${weight};font-display:swap;src:${SAME_FACE_ON_THE_PHONE},url(/${files[weight]}) format('woff2');unicode-range:${BENGALI_RANGE}}`,
  ).join('');
  const stack = `'Shikhon Bangla', ${SYSTEM_FONTS}`;
  return `<style>${faces}html[lang=bn]{--chakra-fonts-body:${stack};--chakra-fonts-heading:${stack}}${englishPages}</style>`;
}

/**
 * The message catalogues as modules of parsed messages (no parser in the browser). An app
 * catalogue imported as `en.json?first` is only the public pages' texts (src/locales/first-load.ts)
 * and as `en.json?rest` every other one: each text has one home, and ships in one of the two.
 * After the build, `<html>` in index.html names each catalogue's first chunk (`data-catalogue-bn`…):
 * the server turns the page's own into a preload link.
 */
export function cataloguePlugin(): Plugin {
  let emitsFonts = false;
  return {
    name: 'shikhon-catalogues',
    enforce: 'pre',
    configResolved(config) {
      emitsFonts = config.command === 'build' && !config.build.ssr;
    },
    buildStart() {
      if (!emitsFonts) return;
      for (const { name, file } of BANGLA_FONTS) this.emitFile({ type: 'asset', name, source: fs.readFileSync(file) });
      this.emitFile({ type: 'asset', name: MINI_FONT.name, source: fs.readFileSync(MINI_FONT.file) });
    },
    resolveId(source, importer) {
      if (!CATALOGUE_IMPORT.test(source) || !importer) return null;
      return PREFIX + path.resolve(path.dirname(importer), source) + SUFFIX;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [file, part] = id.slice(PREFIX.length, -SUFFIX.length).split('?');
      this.addWatchFile(file);
      const messages = compileMessages(fs.readFileSync(file, 'utf8'), file) as Record<string, unknown>;
      // The part's messages, in the catalogue's order.
      const kept = part ? Object.fromEntries(Object.entries(messages).filter(([key]) => isFirstLoadText(key) === (part === 'first'))) : messages;
      return { code: `export default ${JSON.stringify(kept)};`, map: null };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const attributes: string[] = [];
        const fonts: Record<number, string> = {};
        let mini = '';
        for (const output of Object.values(context.bundle)) {
          // The first part of the app's catalogues (src/locales): the rest, and a feature's own
          // texts (its locales/ folder), come with the pages that need them.
          const language =
            output.type === 'chunk' &&
            output.facadeModuleId?.startsWith(PREFIX) &&
            output.facadeModuleId.slice(0, -SUFFIX.length).match(APP_CATALOGUE_FIRST)?.[1];
          if (language) attributes.push(`data-catalogue-${language}="/${output.fileName}"`);
          const font = output.type === 'asset' && BANGLA_FONTS.find(({ name }) => output.names.includes(name));
          if (font) fonts[font.weight] = output.fileName;
          if (output.type === 'asset' && output.names.includes(MINI_FONT.name)) mini = output.fileName;
        }
        if (Object.keys(fonts).length !== BANGLA_FONTS.length || !mini) return html;
        return html
          .replace(/<html([^>]*)>/, (_, rest: string) => `<html${rest} ${attributes.sort().join(' ')}>`)
          .replace('</head>', () => `${banglaFontStyle(fonts, mini)}</head>`);
      },
    },
  };
}
