import { formEchoAttribute, type FormEcho } from '../lib/form-echo';
import { SERVER_STATE_ID } from './server-state';

export interface RenderedPage {
  /** The markup of everything inside `#root`. */
  html: string;
  /** The answers the page was drawn with (lib/data): the browser draws it again from them, then hands them to Apollo.*/
  state: unknown;
  /** Drawn for a visitor (signed out): the browser starts signed out too, to match. */
  visitor?: boolean;
  /** The record the address names does not exist (the page says so): the server answers 404. */
  notFound?: boolean;
  /** A refused form the page was drawn again for (lib/form-echo.tsx). */
  form?: FormEcho;
}

/**
 * The built index.html with the rendered page inside `#root` and its data beside it, in a JSON
 * script element that is never run (so the content security policy needs no inline scripts).
 * The page's scripts are started by /start-scripts.js once the page is on screen.
 */
export function pageHtml(template: string, page: RenderedPage): string {
  // Inside a script element, only "<" can end it early; JSON can say it as \u003c.
  const state = JSON.stringify(page.state).replace(/</g, '\\u003c');
  let entry = '';
  const preload: string[] = [];
  const withoutScripts = template
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => ((entry = src), ''))
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => (preload.push(href), ''));
  if (!entry) throw new Error('index.html has no module script to start');
  // The styles Chakra's components were drawn with go to the head, before the page: the markup
  // inside #root is then only what the browser's first render draws (parts drawn without Chakra
  // hydrate with no style system loaded), and Emotion finds them there when it loads.
  const styles: string[] = [];
  const html = page.html.replace(/<style data-emotion="[^"]*">[^<]*<\/style>/g, (style) => (styles.push(style), ''));
  const starter = `<script defer src="/start-scripts.js" data-entry="${entry}" data-preload="${preload.join(' ')}"></script>`;
  return withoutScripts
    .replace('</head>', () => `${styles.join('')}${starter}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root"${page.visitor ? ' data-visitor=""' : ''}${page.form ? ` data-form="${formEchoAttribute(page.form)}"` : ''}>${html}</div><script type="application/json" id="${SERVER_STATE_ID}">${state}</script>`,
    );
}
