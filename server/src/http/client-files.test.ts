import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { clientFilesRouter } from './client-files';
import { chooseLanguage } from './request-language';

// A built client of three files, each with its precompressed copies, and a secret beside the folder.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'client-files-'));
const dist = path.join(root, 'dist');
fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
fs.writeFileSync(path.join(root, 'secret.txt'), 'not for visitors');
fs.writeFileSync(path.join(root, 'secret.txt.gz'), zlib.gzipSync('not for visitors'));
const files = {
  'index.html': '<!doctype html><html lang="en"><head><meta name="theme-color" content="#0284c7" /><title>app</title></head></html>',
  'sw.js': 'self.addEventListener("fetch", () => {})',
  'assets/app-1a2b.js': 'console.log("app")',
  'robots.txt': 'User-agent: *',
};
for (const [name, text] of Object.entries(files)) {
  fs.writeFileSync(path.join(dist, name), text);
  fs.writeFileSync(path.join(dist, `${name}.gz`), zlib.gzipSync(text));
  fs.writeFileSync(path.join(dist, `${name}.br`), zlib.brotliCompressSync(text));
}

let server: http.Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.use(chooseLanguage());
  app.use(clientFilesRouter(dist));
  app.use((_req, res) => res.status(404).send('nothing here'));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

/** A raw GET (fetch would clean up the path and decompress the body). */
function get(rawPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get(`${base}${rawPath}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

describe('the built client files', () => {
  it('sends the Brotli copy to a browser that takes it, gzip to one that takes only gzip, the file to one that names neither', async () => {
    const brotli = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(files['assets/app-1a2b.js']);

    const gzip = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(files['assets/app-1a2b.js']);

    const plain = await get('/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(files['assets/app-1a2b.js']);
  });

  it('caches hashed assets for a year and other files for five minutes', async () => {
    expect((await get('/assets/app-1a2b.js', { 'accept-encoding': 'br' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/robots.txt', { 'accept-encoding': 'br' })).headers['cache-control']).toBe('public, max-age=300');
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/..%5csecret.txt',
    '/%252e%252e/secret.txt',
  ])('never sends a file from outside the build for %s', async (rawPath) => {
    const answer = await get(rawPath, { 'accept-encoding': 'gzip, br', accept: 'text/plain' });
    expect(answer.body.toString()).not.toContain('not for visitors');
    expect(answer.body).not.toEqual(zlib.gzipSync('not for visitors'));
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('answers a path that is not valid percent-encoding without failing', async () => {
    const answer = await get('/assets/%E0%A4%A.js', { accept: 'text/plain' });
    expect(answer.status).toBe(404);
  });

  it('sends the page for any other address a browser opens', async () => {
    const page = await get('/some/page', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(page.body).toString()).toContain('<title>app</title>');
  });

  it('asks a browser to check the service worker again at every visit, to find a new version at once', async () => {
    const worker = await get('/sw.js', { 'accept-encoding': 'gzip' });
    expect(worker.status).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });
});

describe('the installable app', () => {
  it('has a web app manifest in the language its address names, with the theme colour and maskable icons of 192 and 512 px', async () => {
    for (const [language, name] of [
      ['bn', 'শিখন'],
      ['en', 'Shikhon'],
    ]) {
      const answer = await get(`/manifest.webmanifest?lang=${language}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest = JSON.parse(answer.body.toString()) as Record<string, unknown> & { icons: Array<Record<string, string>> };
      expect(manifest).toMatchObject({ name, short_name: name, lang: language, start_url: '/', scope: '/', display: 'standalone', theme_color: '#0284c7' });
      for (const size of ['192x192', '512x512']) {
        expect(manifest.icons).toContainEqual({ src: `/icons/icon-maskable-${size.split('x')[0]}.png`, sizes: size, type: 'image/png', purpose: 'maskable' });
        expect(manifest.icons).toContainEqual(expect.objectContaining({ sizes: size, purpose: 'any' }));
      }
    }
  });

  it('has the icons the manifest names as real PNG files of their size', () => {
    const icons = path.resolve(__dirname, '../../../client/public/icons');
    for (const [file, size] of [
      ['icon-192.png', 192],
      ['icon-512.png', 512],
      ['icon-maskable-192.png', 192],
      ['icon-maskable-512.png', 512],
    ] as const) {
      const png = fs.readFileSync(path.join(icons, file));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
  });

  it('has an offline page in each language, and no other', async () => {
    const bangla = await get('/offline/bn');
    expect(bangla.status).toBe(200);
    expect(bangla.headers['content-language']).toBe('bn');
    const page = bangla.body.toString();
    expect(page).toContain('<html lang="bn">');
    expect(page).toContain('<h1>আপনি অফলাইনে আছেন</h1>');
    expect((await get('/offline/en')).body.toString()).toContain('<h1>You are offline</h1>');
    expect((await get('/offline/fr', { accept: 'application/json' })).status).toBe(404);
  });

  it("says each page's language, for the service worker's offline page", async () => {
    const page = await get('/some/page?lang=bn', { accept: 'text/html' });
    expect(page.headers['content-language']).toBe('bn');
  });
});
