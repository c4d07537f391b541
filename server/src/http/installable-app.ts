import fs from 'node:fs';
import type { NextFunction, Request, Response } from 'express';
import { isLanguage, type Language } from '../i18n/languages';
import { text } from '../i18n/translate';

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The colour the phone gives the installed app's bar: the theme colour the pages name (index.html's theme-color). */
export function themeColour(indexFile: string): string {
  const html = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : '';
  return html.match(/<meta name="theme-color" content="(#[0-9a-fA-F]{3,8})"/)?.[1] ?? '#0284c7';
}

/** The web app manifest in one language: what a phone needs to put the site on its home screen as an app. */
export function webAppManifest(language: Language, theme: string) {
  const icon = (size: number, purpose: 'any' | 'maskable') => ({
    src: `/icons/${purpose === 'any' ? 'icon' : 'icon-maskable'}-${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/',
    name: text(language, 'app.name'),
    short_name: text(language, 'app.shortName'),
    description: text(language, 'page.description'),
    lang: language,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: theme,
    background_color: '#ffffff',
    icons: [icon(192, 'any'), icon(512, 'any'), icon(192, 'maskable'), icon(512, 'maskable')],
  };
}

/**
 * The page the service worker shows for a page this phone never opened, when there is no network:
 * plain HTML with its style inside, since nothing else may be reachable.
 */
export function offlinePage(language: Language, theme: string): string {
  const t = (key: Parameters<typeof text>[1]) => escapeHtml(text(language, key));
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${theme}">
<title>${t('offline.title')} | ${t('app.name')}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Bengali",sans-serif;color:#1a1a1a;background:#fff}
header{display:flex;align-items:center;gap:.5rem;padding:.75rem 1rem;border-bottom:1px solid #e4e4e7;font-weight:700}
main{max-width:32rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.5rem;line-height:1.3;margin:0 0 1rem}
a{display:inline-block;min-height:44px;line-height:44px;padding:0 1rem;margin:.5rem .5rem 0 0;border-radius:.375rem;text-decoration:none}
.primary{background:${theme};color:#fff}
.secondary{border:1px solid ${theme};color:${theme}}
</style>
</head>
<body>
<header><img src="/media/logo.svg" alt="" width="32" height="32"><span>${t('app.name')}</span></header>
<main>
<h1>${t('offline.title')}</h1>
<p>${t('offline.text')}</p>
<a class="primary" href="/">${t('offline.home')}</a>
<a class="secondary" href="/mycourses">${t('offline.myCourses')}</a>
</main>
</body>
</html>
`;
}

/** GET /manifest.webmanifest, in the request's language (`?lang=` in the page's link names it). */
export function sendWebAppManifest(indexFile: string) {
  return (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.vary('Cookie');
    res.vary('Accept-Language');
    res.type('application/manifest+json');
    res.send(JSON.stringify(webAppManifest(req.language, themeColour(indexFile))));
  };
}

/**
 * GET /offline/bn and /offline/en: the service worker keeps both when it installs. The language is in
 * the path, not in `?lang=`, which would also change the browser's chosen language.
 */
export function sendOfflinePage(indexFile: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const { language } = req.params;
    if (!isLanguage(language)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Language', language);
    res.type('html');
    res.send(offlinePage(language, themeColour(indexFile)));
  };
}
