// Makes src/assets/fonts/noto-sans-bengali-400-bengali.woff2: Noto Sans Bengali's regular face
// (@fontsource/noto-sans-bengali's Bengali subset) with every Bengali letter, sign and digit, the
// danda, ZWJ/ZWNJ and the dotted circle, without the Vedic signs, the rupee sign and U+A8F1 that
// the Bangla interface and course texts do not use (44.4 KB → 39.5 KB). It then shapes every
// Bangla text of the catalogues and every conjunct (two consonants joined by a virama, with a reph
// and vowel signs) with both fonts and fails unless each draws the same outlines at the same places.
//
// subset-font (harfbuzz) is not a dependency of the project; install it in a scratch folder
// without install scripts and name its node_modules:
//   (cd /tmp/fonttool && npm init -y && npm install --ignore-scripts subset-font@2.9.0)
//   node client/scripts/subset-bangla-font.mjs /tmp/fonttool/node_modules
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const modules = path.resolve(process.argv[2] ?? 'node_modules');
const load = createRequire(path.join(modules, 'noop.js'));
const subsetFont = load('subset-font');
const fontverter = load('fontverter');
const hb = await import(pathToFileURL(path.join(modules, 'harfbuzzjs/dist/index.mjs')).href);

const client = path.resolve(import.meta.dirname, '..');
const source = fs.readFileSync(createRequire(import.meta.url).resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2'));
const target = path.join(client, 'src/assets/fonts/noto-sans-bengali-400-bengali.woff2');

/** The code points kept; scripts/catalogue-plugin.ts gives the face the same unicode-range. */
let kept = '\u0964\u0965\u200c\u200d\u25cc';
for (let code = 0x0980; code <= 0x09fe; code++) kept += String.fromCodePoint(code);
const subset = await subsetFont(source, kept, { targetFormat: 'woff2' });

const font = async (woff2) => new hb.Font(new hb.Face(new hb.Blob(await fontverter.convert(woff2, 'sfnt'))));
const [before, after] = [await font(source), await font(subset)];
const shape = (face, text) => {
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(face, buffer);
  const positions = buffer.getGlyphPositions();
  return buffer
    .getGlyphInfos()
    .map((glyph, i) => `${face.glyphToPath(glyph.codepoint)}|${positions[i].xAdvance},${positions[i].xOffset},${positions[i].yOffset}`)
    .join(' ');
};

const texts = [
  'client/src/locales/bn.json',
  'client/src/features/practice/authoring/locales/bn.json',
  'client/src/features/info/locales/bn.json',
  'server/src/i18n/bn.json',
  'server/src/i18n/messages.bn.json',
].flatMap((file) => Object.values(JSON.parse(fs.readFileSync(path.join(client, '..', file), 'utf8'))));
const consonants = [...'কখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহড়ঢ়য়ৎ'];
for (const first of consonants)
  for (const second of consonants) for (const vowel of ['', 'া', 'ি', 'ু', 'ৃ', 'ে', 'ো']) texts.push(`${first}্${second}${vowel}`, `র্${first}্${second}${vowel}`);
// Only the runs the face is used for (its unicode-range): other characters come from other fonts.
const inFace = (character) => kept.includes(character);
const runsOf = (text) => {
  const found = [];
  let run = '';
  for (const character of text) {
    if (inFace(character)) run += character;
    else if (run) {
      found.push(run);
      run = '';
    }
  }
  return run ? [...found, run] : found;
};
const runs = [...new Set(texts.flatMap(runsOf))];
const different = runs.filter((run) => shape(before, run) !== shape(after, run));
if (different.length > 0) {
  console.error(`${different.length} of ${runs.length} runs are drawn differently, e.g. ${different.slice(0, 5).join(', ')}`);
  process.exit(1);
}
fs.writeFileSync(target, subset);
console.log(`${path.relative(client, target)}: ${source.length} → ${subset.length} bytes; ${runs.length} runs drawn the same.`);
