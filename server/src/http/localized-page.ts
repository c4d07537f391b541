import type { Language } from '../i18n/languages';
import { text } from '../i18n/translate';

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The built index.html in one language: `<html lang>`, the manifest, the title and description, and a preload
 * of that language's catalogue (the build names each one's chunk on `<html>`, data-catalogue-bn…).
 * The Bangla font is not preloaded: most phones have the same face (client/scripts/catalogue-plugin.ts).
 */
export function localizedTemplate(template: string, language: Language): string {
  const attribute = (name: string) => template.match(new RegExp(`<html[^>]*\\s${name}="([^"]+)"`))?.[1];
  const preloads: string[] = [];
  const catalogue = attribute(`data-catalogue-${language}`);
  if (catalogue) preloads.push(`<link rel="modulepreload" crossorigin href="${catalogue}">`);
  const page = template
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    // The manifest is fetched without cookies: its address names the page's language.
    .replace(/<link rel="manifest" href="\/manifest\.webmanifest"/, `<link rel="manifest" href="/manifest.webmanifest?lang=${language}"`)
    .replace('</head>', () => `${preloads.join('')}</head>`);
  // The build's own title and description are the English ones.
  if (language === 'en') return page;
  return page
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(text(language, 'page.title'))}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${escapeHtml(text(language, 'page.description'))}"`);
}
