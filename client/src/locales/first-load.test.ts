import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { FIRST_LOAD_TEXTS, isFirstLoadText } from './first-load';

const src = join(__dirname, '..');
const english = JSON.parse(readFileSync(join(__dirname, 'en.json'), 'utf8')) as Record<string, string>;
const keys = Object.keys(english);

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  return (
    [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((file) => existsSync(file) && statSync(file).isFile()) ?? null
  );
}

/**
 * The app's own modules that can run before the rest of the catalogue has arrived: everything
 * main.tsx imports, statically or not, except the screens the router loads with `screen()` or
 * `named()`, and parts loaded with `Promise.all([import(…), loadRestOfCatalogues()])`, which wait for
 * the whole catalogue (the public pages' `publicScreen()` does not).
 */
function firstLoadModules(): string[] {
  const seen = new Set<string>();
  const pending = [join(src, 'main.tsx')];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    const waiting = new Set(
      [
        ...code.matchAll(/\b(?:screen|named)\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'/g),
        // A part loaded together with the rest of the catalogue (components/layout/app-worker-parts.tsx).
        ...code.matchAll(/Promise\.all\(\[\s*import\(\s*'([^']+)'\s*\),\s*loadRestOfCatalogues\(\)\s*\]\)/g),
      ].map((match) => match[1]),
    );
    for (const [, imported, loaded] of code.matchAll(/^\s*(?:import|export)(?!\s+type\b)[^'";]*?['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gm)) {
      const specifier = imported ?? loaded;
      if ((loaded && waiting.has(loaded)) || /\.(css|svg|png|json)(\?\w+)?$/.test(specifier)) continue;
      const target = resolveImport(file, specifier);
      if (target) pending.push(target);
    }
  }
  return [...seen];
}

/** The catalogue keys a module names: as a whole string, or as the start of a template (`t(\`video.quality.${q}\`)`). */
function keysUsed(code: string): string[] {
  const whole = [...code.matchAll(/['"]([a-zA-Z]\w*(?:\.[\w-]+)+)['"]/g)].map((match) => match[1]).filter((key) => key in english);
  const started = [...code.matchAll(/`([a-zA-Z]\w*(?:\.[\w-]+)*\.)\$\{/g)].flatMap(([, start]) => keys.filter((key) => key.startsWith(start)));
  return [...whole, ...started];
}

describe('the first part of the catalogue', () => {
  const modules = firstLoadModules();

  it('is found by following the public pages’ imports', () => {
    const names = modules.map((file) => relative(src, file));
    expect(names).toEqual(
      expect.arrayContaining(['app/router.tsx', 'features/catalog/home-page.tsx', 'features/account/login-page.tsx', 'features/course/course-page.tsx']),
    );
    expect(names).not.toContain('features/admin/summary-page.tsx');
    expect(names).not.toContain('features/player/player-page.tsx');
  });

  it('holds every text a module of the public pages uses', () => {
    const missing = modules.flatMap((file) =>
      keysUsed(readFileSync(file, 'utf8'))
        .filter((key) => !isFirstLoadText(key))
        .map((key) => `${relative(src, file)}: ${key} (add it to src/locales/first-load.ts, or load the module with screen())`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it('names only keys the catalogue has', () => {
    expect(FIRST_LOAD_TEXTS.filter((entry) => !keys.some((key) => (entry.endsWith('.') ? key.startsWith(entry) : key === entry)))).toEqual([]);
  });

  it('leaves the texts of the dashboards, player, checkout and practising to the rest', () => {
    const first = keys.filter(isFirstLoadText);
    expect(first.length).toBeLessThan(keys.length / 2);
    expect(first.filter((key) => /^(admin|instructor|player|learning)\./.test(key))).toEqual([]);
    // Of practice's texts, only the public model test pages' (the list and a test's page): not the attempt's, nor authoring's.
    expect(first.filter((key) => /^practice\.(authoring|timeUp|question|review|result|self\.(?!link))/.test(key))).toEqual([]);
  });
});
