/**
 * `npm run import:legacy -- <folder> [--dry-run] [--details <file>]`: imports the old platform's
 * mongoexport files into DATABASE_URL's database, or into the embedded one under DATA_DIR (the server
 * must be stopped). The terminal gets a line per collection and one per kind of note with its count;
 * every record's problem or note goes to the details file (the system's temporary folder by default).
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEnv } from '../../config/env';
import { openDatabase } from '../../db/database';
import { createLogger } from '../../logger';
import { importLegacyFolder, type CollectionSummary, type ImportProblem, type ImportReporter } from './legacy-import';

const PROGRESS_FROM_BYTES = 1 << 20;

export function describeProblem(problem: ImportProblem): string {
  const id = problem.legacyId ? `, _id ${problem.legacyId}` : '';
  return `${problem.file} record ${problem.record} (line ${problem.line}${id}): ${problem.reason}`;
}

export function describeSummary(summary: CollectionSummary): string[] {
  const counts = `${summary.read} read, ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed} not imported`;
  return [`${summary.collection} (${summary.file}): ${counts}`, ...Object.entries(summary.notes).map(([note, count]) => `  ${count} ${note}`)];
}

/**
 * Writes each collection's summary (with a line per kind of note and its count) to `out`, every
 * record's problem or note to `details`, and a progress bar for large files to a terminal.
 */
export function consoleReporter(out: (line: string) => void, progressTo: NodeJS.WriteStream | null, details: (line: string) => void = out): ImportReporter {
  let lastDraw = 0;
  const clear = () => progressTo?.write('\r\x1b[K');
  return {
    problem: (problem) => details(describeProblem(problem)),
    note: (note) => details(describeProblem({ ...note, reason: `imported with a change: ${note.reason}` })),
    progress: (collection, bytes, total) => {
      if (!progressTo || total < PROGRESS_FROM_BYTES) return;
      const now = Date.now();
      if (now - lastDraw < 100 && bytes < total) return;
      lastDraw = now;
      const width = 30;
      const done = Math.round((bytes / total) * width);
      progressTo.write(`\r${collection} [${'#'.repeat(done)}${'-'.repeat(width - done)}] ${Math.floor((bytes / total) * 100)}%`);
    },
    collectionDone: (summary) => {
      clear();
      for (const line of describeSummary(summary)) out(line);
    },
  };
}

/** The embedded PostgreSQL under DATA_DIR is in use when its postmaster is alive. */
function embeddedInUse(dataDir: string): boolean {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function main() {
  // npm runs workspace scripts inside server/: paths are meant from where the command was typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const detailsAt = args.indexOf('--details');
  const detailsFile =
    detailsAt >= 0 ? args[detailsAt + 1] : path.join(os.tmpdir(), `shikhon-legacy-import-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
  const rest = detailsAt >= 0 ? args.filter((_, index) => index !== detailsAt && index !== detailsAt + 1) : args;
  const unknown = rest.filter((arg) => arg.startsWith('--') && arg !== '--dry-run');
  const folders = rest.filter((arg) => !arg.startsWith('--'));
  if (unknown.length > 0 || folders.length !== 1 || !detailsFile) {
    throw new Error('Usage: npm run import:legacy -- <folder of mongoexport files> [--dry-run] [--details <file>]');
  }
  const folder = path.resolve(folders[0]);
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new Error(`${folder} is not a folder`);
  const env = loadEnv();
  if (!env.databaseUrl && embeddedInUse(env.dataDir)) {
    throw new Error(`The database under ${env.dataDir} is in use: stop the server first (or set DATABASE_URL to import into a running PostgreSQL)`);
  }
  const started = Date.now();
  const database = await openDatabase(env, createLogger('error'));
  const details = fs.createWriteStream(path.resolve(detailsFile));
  let detailLines = 0;
  try {
    const result = await importLegacyFolder(database.dataSource, folder, {
      dryRun,
      usdToBdt: env.usdToBdt,
      reporter: consoleReporter(
        (line) => console.log(line),
        process.stderr.isTTY ? process.stderr : null,
        (line) => {
          detailLines += 1;
          details.write(`${line}\n`);
        },
      ),
    });
    for (const file of result.ignoredFiles) console.log(`${file}: not an old collection, left alone`);
    console.log(`${result.accountsCreated} accounts created; they sign in after setting a password through "Forgot password"`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const peakMegabytes = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(`${dryRun ? 'Dry run: nothing was saved' : 'Imported'} in ${seconds} s, peak memory ${peakMegabytes} MB.`);
    console.log(`Every record's problem or note (${detailLines}): ${path.resolve(detailsFile)}`);
  } finally {
    await new Promise((resolve) => details.end(resolve));
    await database.close();
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
