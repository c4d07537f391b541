import { pageHtml } from './page-html';
import { serverState } from './server-state';
import { readFormEcho } from '../lib/form-echo';

// The shape Vite writes index.html in.
const template = `<!doctype html>
<html lang="en">
  <head>
    <title>Shikhon | Learn online</title>
    <script type="module" crossorigin src="/assets/main-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="modulepreload" crossorigin href="/assets/vendor-ghi.js">
    <link rel="stylesheet" crossorigin href="/assets/main-jkl.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('a server-rendered page', () => {
  it('carries the rendered markup inside #root and its data beside it', () => {
    const state = { 'Course:1': { __typename: 'Course', id: '1', name: 'Physics' } };
    const document = parse(pageHtml(template, { html: '<main><h1>All Courses</h1></main>', state }));
    expect(document.querySelector('#root h1')?.textContent).toBe('All Courses');
    expect(serverState(document)).toEqual(state);
  });

  it('carries a refused form’s message and typed values on #root, markup in them kept as text', () => {
    const form = { error: 'ইমেইল বা পাসওয়ার্ড ভুল', values: { email: '"><script>alert(1)</script>@example.com' } };
    const document = parse(pageHtml(template, { html: '<main></main>', state: {}, form }));
    expect(document.querySelectorAll('script:not([src]):not([type="application/json"])')).toHaveLength(0);
    expect(readFormEcho(document.getElementById('root')!)).toEqual(form);
  });

  it('keeps data that looks like markup inside its script element', () => {
    const state = { 'Course:1': { name: '</script><script>alert(1)</script> & <!-- Physics' } };
    const html = pageHtml(template, { html: '<p>x</p>', state });
    const document = parse(html);
    expect(serverState(document)).toEqual(state);
    expect(document.querySelectorAll('script:not([type="application/json"])')).toHaveLength(1);
    expect(html).not.toContain('alert(1)</script>');
  });

  it('starts its scripts from /start-scripts.js instead of loading them with the page', () => {
    const document = parse(pageHtml(template, { html: '', state: {} }));
    const starter = document.querySelector<HTMLScriptElement>('head script[src="/start-scripts.js"]');
    expect(starter?.defer).toBe(true);
    expect(starter?.dataset).toMatchObject({ entry: '/assets/main-abc.js', preload: '/assets/react-def.js /assets/vendor-ghi.js' });
    expect(document.querySelector('script[type="module"], link[rel="modulepreload"]')).toBeNull();
    expect(document.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe('/assets/main-jkl.css');
  });

  it('moves the styles Chakra drew its components with to the head, in their order, leaving only the page in #root', () => {
    const html =
      '<header class="header">Shikhon</header><style data-emotion="css 1abc">.css-1abc{color:red;}</style>' +
      '<main><style data-emotion="css 2def 3ghi">.css-2def{gap:4px;}.css-3ghi>a{margin:0;}</style><h1 class="css-2def">All Courses</h1></main>';
    const document = parse(pageHtml(template, { html, state: {} }));
    expect(document.querySelector('#root')?.innerHTML).toBe('<header class="header">Shikhon</header><main><h1 class="css-2def">All Courses</h1></main>');
    const styles = [...document.head.querySelectorAll('style[data-emotion]')];
    expect(styles.map((style) => style.getAttribute('data-emotion'))).toEqual(['css 1abc', 'css 2def 3ghi']);
    expect(styles[1].textContent).toBe('.css-2def{gap:4px;}.css-3ghi>a{margin:0;}');
  });

  it('refuses a template without the module script it would start', () => {
    expect(() => pageHtml('<html><head></head><body><div id="root"></div></body></html>', { html: '', state: {} })).toThrow(
      'index.html has no module script to start',
    );
  });
});

describe('the data of a page drawn in the browser', () => {
  it('is absent', () => {
    expect(serverState(parse(template))).toBeNull();
  });
});
