import fs from 'node:fs';
import path from 'node:path';
import { Router, type Response } from 'express';
import { isWebhookEventType, publishedWebhookSchema, WEBHOOK_EVENT_TYPES } from '../modules/integration/webhook-schemas';
import { documented, error, json, type RouteDocs } from '../shared/route-docs';
import { renderMarkdownPage, type MarkdownPage } from './markdown-page';
import { openApiDocument, type MountedRoute } from './openapi';

/** The guide integrators read at /docs/, drawn from this file of docs/. */
export const GUIDE_FILE = 'integrators.md';
/** Addresses under /docs/ that are not pages of docs/. */
const RESERVED = new Set(['api', 'webhooks']);

export interface IntegratorDocsOptions {
  /** The repository's docs/ folder. */
  docsDir: string;
  /** The site's public address: the schemas' `$id` and the OpenAPI server. */
  publicUrl: string;
  /** The GraphQL schema as SDL (schema.graphql). */
  schemaText: string;
  /** Whether GET /graphql serves the playground (linked from the pages when it does). */
  playground: boolean;
  /** Every route the app has mounted (walked when /openapi.json is first asked for: all are mounted by then). */
  routes: () => MountedRoute[];
}

/** The guide, and the docs it links to, drawn once; each page at /docs/ (the guide) or /docs/<name>/. */
export function integratorDocsPages(docsDir: string, playground: boolean): Map<string, MarkdownPage> {
  const addressOf = (file: string) => (file === GUIDE_FILE ? '/docs/' : `/docs/${file.replace(/\.md$/, '')}/`);
  const read = (file: string) => fs.readFileSync(path.join(docsDir, file), 'utf8');
  // The guide and the files of docs/ it links to.
  const linked = [...read(GUIDE_FILE).matchAll(/\]\(\s*<?([\w-]+\.md)(?:#[^)\s>]*)?>?\s*\)/g)].map((match) => match[1]);
  const files = [
    GUIDE_FILE,
    ...new Set(linked.filter((file) => file !== GUIDE_FILE && !RESERVED.has(file.replace(/\.md$/, '')) && fs.existsSync(path.join(docsDir, file)))),
  ];
  const servedPaths = new Set([
    ...files.map(addressOf),
    '/docs/api/',
    '/openapi.json',
    '/schema.graphql',
    ...(playground ? ['/graphql'] : []),
    ...WEBHOOK_EVENT_TYPES.map((type) => `/docs/webhooks/${type}.json`),
  ]);
  const header = [
    { href: '/', text: 'Shikhon' },
    { href: '/docs/', text: 'Integrator guide' },
    { href: '/docs/api/', text: 'GraphQL reference' },
    ...(playground ? [{ href: '/graphql', text: 'Playground' }] : []),
    { href: '/openapi.json', text: 'OpenAPI (REST)' },
  ];
  const pages = new Map<string, MarkdownPage>();
  for (const file of files) {
    const linkTarget = (target: string) => {
      const [name, fragment] = target.split('#', 2);
      if (!name) return `#${fragment ?? ''}`;
      const resolved = path.relative(docsDir, path.resolve(docsDir, path.dirname(file), decodeURIComponent(name)));
      if (!files.includes(resolved)) return null;
      return `${addressOf(resolved)}${fragment === undefined ? '' : `#${fragment}`}`;
    };
    pages.set(addressOf(file), renderMarkdownPage(read(file), { linkTarget, servedPaths, header }));
  }
  return pages;
}

const TAG = 'Descriptions';
const html = (description: string) => ({ description, content: { 'text/html': { type: 'string' } } });

/**
 * What describes the API, in every environment (production too), for anyone: the guide (/docs/),
 * the webhook bodies' JSON Schemas (/docs/webhooks/{event}.json), the REST paths (/openapi.json)
 * and the GraphQL schema (/schema.graphql). The GraphQL reference (/docs/api/) comes with the client's build.
 */
export function integratorDocsRouter(options: IntegratorDocsOptions): Router {
  const pages = integratorDocsPages(options.docsDir, options.playground);
  const pageNames = [...pages.keys()].filter((address) => address !== '/docs/').map((address) => address.split('/')[2]);
  const docs: RouteDocs = {
    'GET /schema.graphql': {
      tag: TAG,
      access: 'anyone',
      summary: 'The GraphQL schema as SDL (the committed schema.graphql), in every environment',
      responses: { 200: { description: 'The schema', content: { 'text/plain': { type: 'string' } } } },
    },
    'GET /openapi.json': {
      tag: TAG,
      access: 'anyone',
      summary: 'This document: every REST path, as OpenAPI 3.1',
      responses: { 200: json('The OpenAPI document', { type: 'object' }) },
    },
    'GET /docs/': {
      tag: TAG,
      access: 'anyone',
      summary: 'The integrator guide: authentication, API keys, paging, errors, rate limits, webhooks and their reference',
      responses: { 200: html('The guide'), 301: { description: 'From /docs to /docs/' } },
    },
    'GET /docs/:page/': {
      tag: TAG,
      access: 'anyone',
      summary: 'A page of the docs the guide links to',
      path: { page: { description: 'Which page', schema: { enum: pageNames } } },
      responses: { 200: html('The page'), 301: { description: 'To the address with the final slash' }, 404: { description: 'No such page' } },
    },
    'GET /docs/webhooks/:event.json': {
      tag: TAG,
      access: 'anyone',
      summary: "The JSON Schema (draft 2020-12) of a webhook event's whole body `{ id, type, createdAt, data }`",
      path: { event: { description: 'The event type, as in the body’s `type`', schema: { enum: WEBHOOK_EVENT_TYPES } } },
      responses: {
        200: { description: 'The schema', content: { 'application/schema+json': { type: 'object' } } },
        404: error('No webhook event has this type'),
      },
    },
  };
  const router = documented(Router(), docs);
  const describe = (res: Response) => res.setHeader('Cache-Control', 'public, max-age=300');

  router.get('/schema.graphql', (_req, res) => {
    describe(res);
    res.type('text/plain; charset=utf-8').send(options.schemaText);
  });

  let openApi: string | undefined;
  router.get('/openapi.json', (_req, res) => {
    openApi ??= JSON.stringify(openApiDocument(options.routes(), options.publicUrl), null, 2);
    describe(res);
    res.type('application/json').send(openApi);
  });

  const sendPage = (address: string, req: { path: string }, res: Response) => {
    // Its links are relative to the folder, so a page is always addressed with the final slash.
    if (!req.path.endsWith('/')) return res.redirect(301, address);
    describe(res);
    res.type('html').send(pages.get(address)!.html);
  };
  router.get('/docs/', (req, res) => sendPage('/docs/', req, res));
  router.get('/docs/:page/', (req, res, next) => {
    const address = `/docs/${String(req.params.page)}/`;
    if (!pages.has(address)) return next();
    sendPage(address, req, res);
  });

  router.get('/docs/webhooks/:event.json', (req, res) => {
    const event = String(req.params.event);
    if (!isWebhookEventType(event)) {
      res
        .status(404)
        .json({ message: `No webhook event is called ${event}; the events are ${WEBHOOK_EVENT_TYPES.join(', ')}`, code: 'NOT_FOUND', category: 'NOT_FOUND' });
      return;
    }
    describe(res);
    res.type('application/schema+json').send(JSON.stringify(publishedWebhookSchema(event, options.publicUrl), null, 2));
  });

  return router;
}
