import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import express from 'express';
import { repoRoot } from '../config/paths';
import { exactWebhookSchema, WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS, webhookSchemaUrl } from '../modules/integration/webhook-schemas';
import { useAppPerFile } from '../test/app-per-file';
import { clientFilesRouter } from './client-files';
import { chooseLanguage } from './request-language';
import { slugOf } from './markdown-page';

// An integrator reads the guide on the product itself, from a phone too, follows its links, and
// takes each webhook event's JSON Schema from where the guide says it is.

jest.setTimeout(60_000);

const given = useAppPerFile({ emptyBeforeEach: false });
const guide = fs.readFileSync(path.join(repoRoot, 'docs', 'integrators.md'), 'utf8');
const get = (address: string, init?: RequestInit) => fetch(`${given.app.url}${address}`, { redirect: 'manual', ...init });

/** The headings of a markdown text, outside fenced code, as their text reads. */
const headingsOf = (markdown: string) =>
  [...markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '').matchAll(/^(#{1,3})\s+(.+?)\s*$/gm)].map(([, hashes, text]) => ({
    level: hashes.length,
    text: text.replace(/`/g, ''),
  }));

/** The attribute values of an HTML page's elements: every `href`, every `id`. */
const hrefsOf = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1].replaceAll('&amp;', '&'));
const idsOf = (html: string) => new Set([...html.matchAll(/ id="([^"]*)"/g)].map((match) => match[1]));
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

describe('the integrator guide at /docs/', () => {
  it('answers HTML drawn from docs/integrators.md, with each of its headings, a table of contents, and a page a phone shows at its width', async () => {
    const res = await get('/docs/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    const page = await res.text();
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    // Nothing from another site: no script at all, no font or style from elsewhere.
    expect(page).not.toMatch(/<script|<link rel="stylesheet"|@import|@font-face|https?:\/\/fonts\./);
    const headings = headingsOf(guide);
    expect(headings.length).toBeGreaterThan(10);
    const ids = idsOf(page);
    for (const { level, text } of headings) {
      const id = slugOf(text);
      expect({ heading: text, drawn: new RegExp(`<h${level} id="${id}">`).test(page) }).toEqual({ heading: text, drawn: true });
      expect(ids).toContain(id);
    }
    expect(page).toContain('<title>For integrators · Shikhon</title>');
    // The contents link every second- and third-level heading, and the guide's topics (its list's bold titles).
    const contents = /<nav aria-label="Contents">([\s\S]*?)<\/nav>/.exec(page)![1];
    for (const { text } of headings.filter(({ level }) => level > 1)) expect(contents).toContain(`href="#${slugOf(text)}"`);
    for (const topic of ['Authentication', 'Paging', 'Errors', 'Rate limits']) expect(contents).toContain(`href="#${slugOf(topic)}"`);
    // A wide table scrolls by itself on a narrow screen; the page does not.
    expect(page).toContain('<div class="table"><table>');
    expect(page).toContain('.table{overflow-x:auto');
    expect(page).toContain('pre{background:#f6f8fa;border:1px solid #e4e8ec;border-radius:6px;padding:.75rem;overflow-x:auto');
  });

  it('escapes what the markdown says: text, code and examples are shown, never run', async () => {
    const page = await (await get('/docs/')).text();
    // The guide's Node example, with its arrow functions and comparisons, is text in a code block.
    expect(page).toContain('<pre><code class="language-js">const crypto = require(\'node:crypto\');');
    expect(page).toContain('=&gt;');
    expect(textOf(page)).toContain('function verifyShikhonSignature(rawBody, header, secret, toleranceSeconds = 300)');
  });

  it('redirects /docs to /docs/, and is served to anyone, cached for five minutes', async () => {
    const res = await get('/docs');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/docs/');
    const page = await get('/docs/');
    expect(page.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('every link of every page leads somewhere: a page or file this server serves, and a #fragment to an id there', async () => {
    const builtClient = fs.existsSync(path.join(repoRoot, 'client', 'dist', 'index.html'));
    const pages = new Map<string, string>();
    const visit = async (address: string) => {
      if (!pages.has(address)) pages.set(address, await (await get(address)).text());
      return pages.get(address)!;
    };
    const queue = ['/docs/'];
    const broken: string[] = [];
    const checked = new Set<string>();
    while (queue.length > 0) {
      const from = queue.shift()!;
      const page = await visit(from);
      for (const href of hrefsOf(page)) {
        const url = new URL(href, `${given.app.url}${from}`);
        if (url.origin !== given.app.url) {
          broken.push(`${from}: ${href} leads to another site`);
          continue;
        }
        const address = url.pathname;
        // The site's own pages, its icon, the GraphQL reference and the playground come with the client's build.
        if (!builtClient && ['/', '/favicon.svg', '/docs/api/', '/graphql'].includes(address)) continue;
        if (!checked.has(address)) {
          checked.add(address);
          const res = await get(address, { headers: { accept: address === '/graphql' ? 'text/html' : 'text/html,*/*' } });
          if (res.status !== 200) broken.push(`${from}: ${href} answers ${res.status}`);
          else if (address.startsWith('/docs/') && (res.headers.get('content-type') ?? '').startsWith('text/html') && address !== '/docs/api/') {
            pages.set(address, await res.text());
            queue.push(address);
          } else await res.arrayBuffer();
        }
        if (url.hash && pages.has(address) && !idsOf(pages.get(address)!).has(decodeURIComponent(url.hash.slice(1)))) {
          broken.push(`${from}: ${href} names no id there`);
        }
      }
    }
    expect(broken).toEqual([]);
    // The docs the guide links to are served beside it, and its addresses are links.
    expect([...checked]).toEqual(
      expect.arrayContaining(['/docs/accounts/', '/docs/operations/', '/openapi.json', '/schema.graphql', '/docs/webhooks/ping.json']),
    );
  });

  it('a link to a file the server does not serve is drawn as its text', async () => {
    // operations.md links to video.md and features.md, which the guide does not link to.
    const page = await (await get('/docs/operations/')).text();
    expect(page).not.toMatch(/href="[^"]*\.md/);
    expect(textOf(page)).toContain('lesson video settings are in video.md.');
  });

  it('the GraphQL playground links to the guide', () => {
    expect(fs.readFileSync(path.join(repoRoot, 'client', 'playground.html'), 'utf8')).toMatch(/<a [^>]*href="\/docs\/"/);
  });
});

describe('the webhook reference', () => {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true });
  addFormats(ajv);

  it.each(WEBHOOK_EVENT_TYPES)('/docs/webhooks/%s.json is a JSON Schema (2020-12) of the whole body, its example valid', async (type) => {
    const res = await get(`/docs/webhooks/${type}.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/schema\+json/);
    const schema = (await res.json()) as Record<string, unknown> & { properties: Record<string, unknown>; examples: unknown[] };
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      required: ['id', 'type', 'createdAt', 'data'],
      properties: { type: { const: type } },
    });
    // Its id is the address it is published at, on the site's public address (PUBLIC_URL).
    expect(String(schema.$id)).toMatch(new RegExp(`^https?://[^/]+/docs/webhooks/${type.replace('.', '\\.')}\\.json$`));
    expect(String(schema.$id)).toBe(webhookSchemaUrl(type, String(schema.$id)));
    const validate = ajv.compile(schema);
    expect(schema.examples).toHaveLength(1);
    expect(validate(schema.examples[0])).toBe(true);
    // The published schema takes fields added later; the exact one the suite checks bodies with does not.
    const withMore = { ...(schema.examples[0] as object), data: { ...(schema.examples[0] as { data: object }).data, addedLater: 1 } };
    expect(validate(withMore)).toBe(true);
    expect(ajv.compile({ ...exactWebhookSchema(type), $id: `exact-${type}` })(withMore)).toBe(false);
  });

  it('an event that does not exist is not found', async () => {
    for (const address of ['/docs/webhooks/enrollment.deleted.json', '/docs/webhooks/constructor.json', '/docs/webhooks/ping']) {
      const res = await get(address, { headers: { accept: 'application/json' } });
      expect({ address, status: res.status }).toEqual({ address, status: 404 });
    }
  });

  it("the guide's webhook reference lists every event with its schema's address and its example body", async () => {
    const page = await (await get('/docs/')).text();
    const reference = guide.slice(guide.indexOf('## Webhook reference'));
    for (const type of WEBHOOK_EVENT_TYPES) {
      const section = reference.slice(reference.indexOf(`### \`${type}\``));
      expect(section).toContain(`\`/docs/webhooks/${type}.json\``);
      const example = /```json\n([\s\S]*?)\n```/.exec(section)![1];
      expect(JSON.parse(example)).toEqual(WEBHOOK_EVENTS[type].example);
      expect(page).toContain(`<a href="/docs/webhooks/${type}.json"><code>/docs/webhooks/${type}.json</code></a>`);
    }
  });

  it('says where the guide and its files are', () => {
    const where = guide.slice(guide.indexOf('## Where this guide lives'));
    for (const address of ['/docs/', '/docs/webhooks/<event>.json', '/openapi.json', '/schema.graphql', '/docs/api/'])
      expect(where).toContain(`\`${address}\``);
  });
});

describe('the GraphQL reference at /docs/api/', () => {
  it('links to the guide at /docs/ (generated from the schema as the build does it)', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'api-reference-'));
    try {
      execFileSync(process.execPath, [path.join(repoRoot, 'client', 'scripts', 'api-reference.mjs'), path.join(dist, 'docs', 'api')], { stdio: 'pipe' });
      const app = express();
      app.use(chooseLanguage());
      app.use(clientFilesRouter(dist));
      const server = http.createServer(app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const page = await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/docs/api/`)).text();
        expect(page).toContain('Shikhon GraphQL API reference');
        expect(page).toMatch(/<a [^>]*href="\/docs\/"[^>]*>integrator guide<\/a>/);
        expect(page).not.toContain('README');
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
