// Draws the installed app's icons (client/public/icons) from the logo's shapes with Chromium:
// `node client/scripts/app-icons.mjs`. The maskable ones fill the whole square with the brand
// colour and keep the mark inside the middle 60 %, so any shape a phone cuts them to shows all of it.
import path from 'node:path';
import { chromium } from 'playwright-core';

const out = path.resolve(import.meta.dirname, '..', 'public', 'icons');
const BRAND = '#0284c7';
const MARK = '<path d="M14 26 32 16l18 10-18 10z" fill="#fff"/><path d="M22 32v10c0 4 20 4 20 0V32l-10 6z" fill="#fff"/>';
const svgs = {
  // As the logo: a rounded square on a clear background.
  any: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BRAND}"/>${MARK}</svg>`,
  // The mark (about 36 × 28 around its centre 32,29) scaled to 60 % of the square, centred.
  maskable: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(32 32) scale(0.75) translate(-32 -29)">${MARK}</g></svg>`,
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
for (const size of [192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  for (const [purpose, svg] of Object.entries(svgs)) {
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    const name = purpose === 'any' ? `icon-${size}.png` : `icon-maskable-${size}.png`;
    await page.locator('svg').screenshot({ path: path.join(out, name), omitBackground: true });
  }
  await page.close();
}
await browser.close();
