import fs from 'node:fs';
import path from 'node:path';
import { productModules } from './modules';

/**
 * Keeps the composition root reading the manifests: routes and jobs are declared by their module
 * (`ProductModule.routes`, `ProductModule.jobs`), never mounted or started by hand, and periodic work
 * runs as scheduled jobs on the one queue, never as a timer in every web process.
 */
const SRC = __dirname;

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
/** What a file imports, as written (`./rest/legacy-users.router`...). */
const importsOf = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/^import[^;]*?from '([^']+)';/gms)].map((match) => match[1]);
/** What a file imports, as paths under src/ without the extension. */
const resolvedImportsOf = (file: string) =>
  importsOf(file)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => relative(path.resolve(path.dirname(file), spec)));

const serverSources = sourceFiles(SRC).filter((file) => !file.endsWith('.test.ts') && !relative(file).startsWith('test/'));

describe('the composition root reads the manifests', () => {
  it.each(['app.ts', 'index.ts', 'worker.ts'])('%s imports no router: routes come from the modules’ manifests', (file) => {
    const routers = importsOf(path.join(SRC, file)).filter((spec) => spec.startsWith('./rest/') || /\.router$/.test(spec));
    expect(routers).toEqual([]);
  });

  it('index.ts starts no module’s queue or job by hand: it starts the manifests’ jobs', () => {
    const byHand = importsOf(path.join(SRC, 'index.ts')).filter((spec) => /^\.\/modules\/[^/]+\//.test(spec) && !spec.startsWith('./modules/user/'));
    expect(byHand).toEqual([]);
  });

  it('every router of a module or of rest/ is brought by a module’s manifest (a provider’s, by its definition in the registry)', () => {
    const manifests = serverSources.filter((file) => /^modules\/[^/]+\/[^/]+\.module\.ts$/.test(relative(file)));
    const brought = new Set(manifests.flatMap(resolvedImportsOf));
    const routers = serverSources.map(relative).filter((file) => /^(modules|rest)\/.*\.router\.ts$/.test(file));
    expect(routers.length).toBeGreaterThan(0);
    expect(routers.filter((file) => !brought.has(file.replace(/\.ts$/, '')))).toEqual([]);
  });

  it('every manifest is in the list of modules, once', () => {
    const names = productModules.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
    const manifests = serverSources.map(relative).filter((file) => /^modules\/[^/]+\/[^/]+\.module\.ts$/.test(file));
    expect(manifests.sort()).toEqual(names.map((name) => `modules/${name}/${name}.module.ts`).sort());
  });
});

describe('periodic work runs as jobs on the one queue', () => {
  it('no server source uses setInterval (a scheduled job in the module’s manifest does the work)', () => {
    const timers = serverSources.filter((file) => /\bsetInterval\s*\(/.test(fs.readFileSync(file, 'utf8'))).map(relative);
    expect(timers).toEqual([]);
  });
});
