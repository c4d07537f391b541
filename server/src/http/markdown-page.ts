import MarkdownIt from 'markdown-it';

/**
 * A markdown file of docs/ drawn as a plain page: readable on a 360 px phone, no script, no font or
 * style from elsewhere, with a table of contents. The files are ours, so nothing is sanitised, but
 * every text is escaped (raw HTML in the markdown is shown as text, not run).
 */

export interface MarkdownPageOptions {
  /** Where a relative link of the markdown leads on this server (`accounts.md#x` → `/docs/accounts/#x`); null: not served, drawn as plain text. */
  linkTarget: (target: string) => string | null;
  /** Addresses this server answers: a code span that is exactly one (`/openapi.json`) becomes a link to it. */
  servedPaths: ReadonlySet<string>;
  /** The links at the top of every page. */
  header: ReadonlyArray<{ href: string; text: string }>;
}

export interface MarkdownPage {
  title: string;
  html: string;
  /** Every id a link may name with `#` (headings and the guide's topics). */
  anchors: ReadonlySet<string>;
}

type Token = MarkdownIt.Token;

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, each space a hyphen (what the docs' own links use). */
export const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The plain text of an inline token (code spans' text included). */
const plainText = (inline: Token) =>
  (inline.children ?? []).map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : '')).join('');

interface ContentsEntry {
  id: string;
  text: string;
  level: number;
}

export function renderMarkdownPage(markdown: string, options: MarkdownPageOptions): MarkdownPage {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  const tokens = md.parse(markdown, {});
  const seen = new Map<string, number>();
  const ids: string[] = ['contents'];
  seen.set('contents', 1);
  const unique = (slug: string) => {
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    const id = count === 0 ? slug : `${slug}-${count}`;
    ids.push(id);
    return id;
  };
  // Headings first, so each has the anchor GitHub gives it (what the docs' links name); then the
  // guide's topics, the items of its lists before the first section that start with a bold title
  // ("**Paging.** Every list…"), each with an id of its own and a place in the contents, as a heading would.
  const entries = new Map<number, ContentsEntry>();
  let title = 'Shikhon';
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const text = plainText(tokens[i + 1]);
    const id = unique(slugOf(text));
    token.attrSet('id', id);
    const level = Number(token.tag.slice(1));
    if (level === 1) title = text;
    else if (level <= 3) entries.set(i, { id, text, level });
  });
  const firstSection = tokens.findIndex((token) => token.type === 'heading_open' && token.tag !== 'h1');
  tokens.forEach((token, i) => {
    if (firstSection >= 0 && i > firstSection) return;
    if (token.type !== 'list_item_open' || token.level !== 1 || tokens[i + 1]?.type !== 'paragraph_open') return;
    const children = tokens[i + 2]?.children ?? [];
    const start = children.findIndex((child) => child.type !== 'text' || child.content !== '');
    if (children[start]?.type !== 'strong_open' || children[start + 1]?.type !== 'text' || children[start + 2]?.type !== 'strong_close') return;
    const text = children[start + 1].content.replace(/[.:]\s*$/, '');
    const id = unique(slugOf(text));
    token.attrSet('id', id);
    entries.set(i, { id, text, level: 2 });
  });
  const contents = [...entries.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry);

  const rules = md.renderer.rules;
  const defaultLinkOpen = rules.link_open ?? ((all, idx, opts, _env, self) => self.renderToken(all, idx, opts));
  const defaultLinkClose = rules.link_close ?? ((all, idx, opts, _env, self) => self.renderToken(all, idx, opts));
  // A relative link to something this server does not serve is drawn as its text: no link that leads nowhere.
  const dropped = new Set<Token>();
  rules.link_open = (all, idx, opts, env, self) => {
    const href = String(all[idx].attrGet('href') ?? '');
    if (!/^([a-z][a-z0-9+.-]*:|\/\/|#|\/)/i.test(href)) {
      const target = options.linkTarget(href);
      if (target === null) {
        const close = all.slice(idx).find((token) => token.type === 'link_close' && token.level === all[idx].level);
        if (close) dropped.add(close);
        return '';
      }
      all[idx].attrSet('href', target);
    }
    return defaultLinkOpen(all, idx, opts, env, self);
  };
  rules.link_close = (all, idx, opts, env, self) => (dropped.has(all[idx]) ? '' : defaultLinkClose(all, idx, opts, env, self));
  rules.code_inline = (all, idx) => {
    const text = all[idx].content;
    const code = `<code>${escapeHtml(text)}</code>`;
    const insideLink = all.slice(0, idx).some((token, at) => token.type === 'link_open' && !all.slice(at, idx).some((t) => t.type === 'link_close'));
    return options.servedPaths.has(text) && !insideLink ? `<a href="${escapeHtml(text)}">${code}</a>` : code;
  };
  // Wide tables scroll on their own on a narrow screen, instead of widening the page.
  rules.table_open = () => '<div class="table"><table>\n';
  rules.table_close = () => '</table></div>\n';

  const body = md.renderer.render(tokens, md.options, {});
  // The contents: second-level entries, each with the third-level ones after it.
  const tree: Array<{ entry: ContentsEntry; children: ContentsEntry[] }> = [];
  for (const entry of contents) {
    if (entry.level === 3 && tree.length > 0) tree[tree.length - 1].children.push(entry);
    else tree.push({ entry, children: [] });
  }
  const item = (entry: ContentsEntry) => `<a href="#${escapeHtml(entry.id)}">${escapeHtml(entry.text)}</a>`;
  const toc = tree
    .map(
      ({ entry, children }) => `<li>${item(entry)}${children.length > 0 ? `<ol>${children.map((child) => `<li>${item(child)}</li>`).join('')}</ol>` : ''}</li>`,
    )
    .join('\n');
  const header = options.header.map((link) => `<a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a>`).join(' · ');
  const firstHeadingEnd = body.indexOf('</h1>');
  const [intro, rest] = firstHeadingEnd >= 0 ? [body.slice(0, firstHeadingEnd + 5), body.slice(firstHeadingEnd + 5)] : ['', body];
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Shikhon</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="manifest" href="/manifest.webmanifest?lang=en">
<style>${PAGE_STYLE}</style>
</head>
<body>
<header>${header}</header>
<main>
${intro}
${contents.length > 0 ? `<nav aria-label="Contents"><h2 id="contents">Contents</h2>\n<ol>\n${toc}\n</ol></nav>` : ''}
${rest}
</main>
</body>
</html>
`;
  return { title, html, anchors: new Set(ids) };
}

/** Plain and readable: the system's fonts, a measure that suits reading, nothing wider than the screen. */
const PAGE_STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Bengali",sans-serif;color:#1a1a1a;background:#fff}
header{padding:.6rem 1rem;background:#f3f5f7;border-bottom:1px solid #dde2e7;font-size:.95rem;line-height:1.8}
main{max-width:48rem;margin:0 auto;padding:1rem}
h1{font-size:1.8rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.35rem;line-height:1.3;margin:2rem 0 .75rem;padding-top:.5rem;border-top:1px solid #e4e8ec}
h3{font-size:1.1rem;margin:1.5rem 0 .5rem}
h4{font-size:1rem;margin:1.25rem 0 .5rem}
a{color:#0b57d0}
a:focus-visible{outline:2px solid #0b57d0;outline-offset:2px}
nav[aria-label="Contents"]{background:#f7f8fa;border:1px solid #e4e8ec;border-radius:6px;padding:.5rem 1rem;margin:1rem 0 1.5rem}
nav[aria-label="Contents"] h2{border:0;margin:.25rem 0;padding:0;font-size:1.1rem}
nav ol{margin:.25rem 0;padding-left:1.25rem}
nav li{margin:.15rem 0}
li{margin:.3rem 0}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;background:#f1f3f5;border-radius:3px;padding:.05em .3em;overflow-wrap:anywhere}
pre{background:#f6f8fa;border:1px solid #e4e8ec;border-radius:6px;padding:.75rem;overflow-x:auto;line-height:1.45}
pre code{background:none;padding:0;font-size:.85rem;overflow-wrap:normal}
.table{overflow-x:auto;margin:1rem 0}
table{border-collapse:collapse;font-size:.95rem}
th,td{border:1px solid #dde2e7;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f5f7}
@media (max-width:30rem){main{padding:.75rem}ul,ol{padding-left:1.25rem}}
`.trim();
