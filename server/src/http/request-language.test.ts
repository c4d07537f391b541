import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../test/app';
import { closeTestDatabase, openTestDatabase } from '../test/database';
import { renderBundleFile } from './server-rendered-pages';
import { acceptedLanguage } from './request-language';

// A stand-in for the client's renderer (built by `npm run build`; the browser test
// e2e/language.test.ts reads the real one): it draws the home page with the language it is given.
const RENDERER = `
exports.renderPage = async (url, { language }) => url.split('?')[0] === '/'
  ? { html: '<h2>' + (language === 'bn' ? 'ফ্রি কোর্স দিয়ে শেখা শুরু করুন' : 'Start your Learning with our Free Courses') + '</h2>', state: {} }
  : null;
exports.pageHtml = (template, page) => template.replace('<div id="root"></div>', '<div id="root">' + page.html + '</div>');
`;
// The build's index.html, as the client build writes it (catalogue chunks named on <html>).
const INDEX =
  '<!doctype html><html lang="en" data-catalogue-bn="/assets/bn-1.js" data-catalogue-en="/assets/en-1.js"><head><title>Shikhon | Learn online</title></head><body><div id="root"></div></body></html>';

let db: DataSource;
let work: string;
let app: TestApp;

beforeAll(async () => {
  db = await openTestDatabase();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'request-language-'));
  const clientDist = path.join(work, 'dist');
  fs.mkdirSync(clientDist);
  fs.writeFileSync(path.join(clientDist, 'index.html'), INDEX);
  fs.mkdirSync(path.dirname(renderBundleFile(clientDist)));
  fs.writeFileSync(renderBundleFile(clientDist), RENDERER);
  app = await startTestApp(db, { CLIENT_DIST: clientDist });
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
  fs.rmSync(work, { recursive: true, force: true });
});

const openPage = (pagePath: string, headers: Record<string, string> = {}) => fetch(app.url + pagePath, { headers: { accept: 'text/html', ...headers } });

describe('the language of a page', () => {
  it('is Bangla for ?lang=bn: <html lang="bn">, the Bangla page, its catalogue preloaded, and the choice kept in a cookie', async () => {
    const res = await openPage('/?lang=bn');
    const html = await res.text();
    expect(html).toContain('<html lang="bn"');
    expect(html).toContain('ফ্রি কোর্স দিয়ে শেখা শুরু করুন');
    expect(html).toContain('<title>শিখন | অনলাইনে শিখুন</title>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/bn-1.js">');
    // Not the font: most phones have the same face, and on a slow link it would hold back the scripts.
    expect(html).not.toContain('as="font"');
    expect(html).not.toContain('href="/assets/en-1.js"');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^lang=bn;/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('follows the cookie afterwards, on pages drawn in the browser too', async () => {
    const res = await openPage('/mycourses', { cookie: 'lang=bn' });
    const html = await res.text();
    expect(html).toContain('<html lang="bn"');
    expect(html).toContain('href="/assets/bn-1.js"');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/Cookie/);
  });

  it('comes from Accept-Language on a first visit', async () => {
    const bangla = await (await openPage('/', { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' })).text();
    expect(bangla).toContain('<html lang="bn"');
    expect(bangla).toContain('ফ্রি কোর্স দিয়ে শেখা শুরু করুন');
    const english = await (await openPage('/', { 'accept-language': 'en-US,en;q=0.9' })).text();
    expect(english).toContain('<html lang="en"');
    expect(english).toContain('Start your Learning with our Free Courses');
    expect(english).not.toContain('as="font"');
  });

  it('is the chosen one whatever the browser accepts, and ?lang= beats both', async () => {
    expect(await (await openPage('/', { cookie: 'lang=en', 'accept-language': 'bn' })).text()).toContain('<html lang="en"');
    expect(await (await openPage('/?lang=bn', { cookie: 'lang=en' })).text()).toContain('<html lang="bn"');
  });

  it('reads Accept-Language by its q-values', () => {
    expect(acceptedLanguage('en;q=0.5, bn;q=0.8')).toBe('bn');
    expect(acceptedLanguage('fr, en;q=0.4')).toBe('en');
    expect(acceptedLanguage('fr, de')).toBeNull();
    expect(acceptedLanguage(undefined)).toBeNull();
  });
});

describe('error messages', () => {
  const login = (headers: Record<string, string>) =>
    fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: 'mutation { login(email: "nobody@example.com", password: "wrong password") { accessToken } }' }),
    }).then((res) => res.json() as Promise<{ errors: Array<{ message: string; extensions: Record<string, unknown> }> }>);

  it('come back in Bangla for a Bangla request, with the same code', async () => {
    const { errors } = await login({ cookie: 'lang=bn' });
    expect(errors[0].message).toBe('ইমেইল বা পাসওয়ার্ড ভুল');
    expect(errors[0].extensions).toMatchObject({ code: 'WRONG_CREDENTIALS', category: 'UNAUTHENTICATED' });
  });

  it('stay in English otherwise, word for word', async () => {
    const { errors } = await login({ 'accept-language': 'en' });
    expect(errors[0].message).toBe('Wrong email or password');
  });

  it('say each field’s problem in Bangla too', async () => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'bn-BD' },
      body: JSON.stringify({
        query:
          'mutation { signUp(input: { name: "", email: "not an email", password: "x", phone: "017", date: "2001-01-01", role: STUDENT }) { accessToken } }',
      }),
    });
    const { errors } = (await res.json()) as { errors: Array<{ extensions: { fields: Record<string, string> } }> };
    expect(errors[0].extensions.fields.name).toBe('নাম লিখুন');
    expect(errors[0].extensions.fields.email).toBe('সঠিক ইমেইল ঠিকানা লিখুন');
  });
});
