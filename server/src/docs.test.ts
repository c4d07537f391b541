import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './config/paths';

/**
 * Keeps the written docs true to the repository:
 * - every file path ARCHITECTURE.md writes in backticks exists, and every name it writes in backticks
 *   appears in the code (the rule is stated at the top of ARCHITECTURE.md);
 * - every relative link in README.md, ARCHITECTURE.md, docs/*.md and bench/*.md leads to a file that
 *   exists and, with a `#fragment`, to a heading of that file.
 */

/** Where a path in ARCHITECTURE.md is looked for, in this order. */
const PATH_BASES = ['', 'server/src', 'client/src'];
/** Folders never read: installed packages, builds, data and recorded results. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'dist-server', '.data', '.build', '.test-build', 'coverage', 'results', 'tmp', 'artifacts']);
/** Where the names ARCHITECTURE.md mentions must appear (generated code does not count). */
const CODE_FOLDERS = ['server/src', 'server/test-support', 'client/src', 'client/scripts', 'client/public', 'migrations', 'e2e', 'bench', 'scripts', '.ci'];
const CODE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|json|graphql|css|html|sh|yml)$/;
const ROOT_CODE_FILES = ['.dependency-cruiser.cjs', 'eslint.config.mjs', 'package.json', 'codegen.yml', 'docker-compose.yml', 'Dockerfile', '.env.example'];
const FILE_EXTENSION = /\.(ts|tsx|mts|cts|js|mjs|cjs|json|md|sql|css|html|graphql|yml|yaml|txt|sh|svg|woff2|ttf)$/;

function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED_FOLDERS.has(entry.name)) return [];
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const fromRoot = (file: string) => path.relative(repoRoot, file).split(path.sep).join('/');
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** The text outside fenced code blocks (links and backticks inside those are examples, not claims). */
const withoutFences = (markdown: string) => markdown.replace(/^ *(```|~~~)[^\n]*\n[\s\S]*?^ *\1 *$/gm, '');
/** What is written in single backticks. */
const codeSpans = (markdown: string) => [...withoutFences(markdown).matchAll(/`([^`\n]+)`/g)].map((match) => match[1].trim());

/**
 * A code span that names a file or folder: a name with a file extension (`app.ts`, `client/src/main.tsx`)
 * or a path ending in `/` (`rest/`). Addresses (`/graphql`), packages (`@apollo/client`), an extension
 * alone (`.graphql`) and anything with a space or a colon are not paths.
 */
function isPathLike(span: string): boolean {
  if (/\s/.test(span) || /^[/@]/.test(span) || span.includes(':') || /^\.[a-z]+$/.test(span)) return false;
  return FILE_EXTENSION.test(span) || (span.endsWith('/') && span.length > 1);
}

/** A path with a placeholder (`<name>`, `*`, `…`) as a regular expression over paths from a base. */
function patternOf(span: string): RegExp | null {
  if (!/[<*…]/.test(span)) return null;
  const source = span
    .split(/(<[^>]+>|\*|…)/)
    .map((part) => (part === '*' || part.startsWith('<') ? '[^/]+' : part === '…' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`(^|/)${source}${span.endsWith('/') ? '' : '/?$'}`);
}

/** Every file and folder of the repository (outside the skipped folders), from its root. */
function allPaths(): string[] {
  const files = filesUnder(repoRoot).map(fromRoot);
  const folders = new Set(
    files.flatMap((file) =>
      file
        .split('/')
        .slice(1)
        .map(
          (_, i, parts) =>
            `${file
              .split('/')
              .slice(0, parts.length - i)
              .join('/')}/`,
        ),
    ),
  );
  return [...files, ...folders];
}

function pathExists(span: string, paths: string[]): boolean {
  const bases = PATH_BASES.map((base) => (base ? `${base}/` : ''));
  const pattern = patternOf(span);
  if (pattern) return paths.some((file) => bases.some((base) => file.startsWith(base) && pattern.test(file.slice(base.length))));
  // A name alone (no folder before it) names a file or folder anywhere in the repository.
  if (!span.replace(/\/$/, '').includes('/')) return paths.some((file) => file === span || file.endsWith(`/${span}`));
  return bases.some((base) => fs.existsSync(path.join(repoRoot, base, span)));
}

/**
 * The words of a code span that could be code: identifiers and kebab-case names (`toLegacy…` stands for
 * any name starting so), with placeholders (`<name>`) and addresses (`/graphql`, `GET /api/courses`) left out.
 */
function namesIn(span: string): string[] {
  if (span.startsWith('/') || /^(GET|POST|PUT|DELETE|PATCH) /.test(span) || span.includes('://')) return [];
  const text = span.replace(/<[^>]*>/g, ' ');
  return [...text.matchAll(/[A-Za-z_$][\w$]*(?:-[\w$]+)*…?/g)].map((match) => match[0]).filter((word) => word.replace('…', '').length > 1);
}

const nameIsIn = (name: string, words: Set<string>) => (name.endsWith('…') ? [...words].some((word) => word.startsWith(name.slice(0, -1))) : words.has(name));

function codeWords(): Set<string> {
  const files = [
    ...CODE_FOLDERS.flatMap((folder) => filesUnder(path.join(repoRoot, folder))),
    ...ROOT_CODE_FILES.map((file) => path.join(repoRoot, file)),
  ].filter((file) => (CODE_FILE.test(file) || ROOT_CODE_FILES.includes(path.basename(file))) && !file.endsWith('.generated.ts') && fs.existsSync(file));
  const words = new Set<string>();
  for (const file of files) {
    for (const word of fs.readFileSync(file, 'utf8').split(/[^\w$-]+/)) {
      words.add(word);
      for (const part of word.split('-')) words.add(part);
    }
  }
  return words;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, text] of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = text
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The relative links of a markdown file: `[text](target)` and `[label]: target`, outside code. */
function relativeLinksOf(markdown: string): string[] {
  const text = withoutFences(markdown).replace(/`[^`\n]*`/g, '');
  const targets = [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]),
    ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((match) => match[1]),
  ];
  return targets.filter((target) => !/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(target));
}

const markdownFiles = () => [
  'README.md',
  'ARCHITECTURE.md',
  ...['docs', 'bench'].flatMap((folder) =>
    filesUnder(path.join(repoRoot, folder))
      .filter((file) => path.dirname(file) === path.join(repoRoot, folder))
      .map(fromRoot)
      .filter((file) => file.endsWith('.md')),
  ),
];

describe('ARCHITECTURE.md names what exists', () => {
  const architecture = read('ARCHITECTURE.md');
  const spans = [...new Set(codeSpans(architecture))];

  it('every path it writes in backticks exists (from the repository root, server/src or client/src)', () => {
    const existing = allPaths();
    const paths = spans.filter(isPathLike);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((span) => !pathExists(span, existing))).toEqual([]);
  });

  it('every name it writes in backticks appears in the code', () => {
    const words = codeWords();
    const names = [...new Set(spans.filter((span) => !isPathLike(span)).flatMap(namesIn))];
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter((name) => !nameIsIn(name, words))).toEqual([]);
  });
});

describe('relative links in the docs lead somewhere', () => {
  it('finds the docs', () => {
    expect(markdownFiles()).toEqual(expect.arrayContaining(['README.md', 'ARCHITECTURE.md', 'bench/README.md', 'docs/operations.md']));
  });

  it.each(markdownFiles())('%s: every relative link names an existing file, and its #fragment a heading there', (file) => {
    const broken = relativeLinksOf(read(file)).filter((link) => {
      const [target, fragment] = link.split('#', 2);
      const linked = target ? path.join(path.dirname(path.join(repoRoot, file)), decodeURIComponent(target)) : path.join(repoRoot, file);
      if (!fs.existsSync(linked)) return true;
      if (fragment === undefined) return false;
      return !linked.endsWith('.md') || !anchorsOf(fs.readFileSync(linked, 'utf8')).has(decodeURIComponent(fragment).toLowerCase());
    });
    expect(broken).toEqual([]);
  });
});
