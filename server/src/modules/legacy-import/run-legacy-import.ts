/**
 * `npm run import:legacy -- <folder> [--dry-run]`: imports the old platform's mongoexport files into
 * DATABASE_URL's database, or into the embedded one under DATA_DIR (the server must be stopped).
 */
import 'reflect-metadata';
import fs from 'node:fs';
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

/** Writes problems and summaries to `out`, and a progress bar for large files to a terminal. */
export function consoleReporter(out: (line: string) => void, progressTo: NodeJS.WriteStream | null): ImportReporter {
  let lastDraw = 0;
  const clear = () => progressTo?.write('\r\x1b[K');
  return {
    problem: (problem) => {
      clear();
      out(describeProblem(problem));
    },
    note: (note) => {
      clear();
      out(describeProblem({ ...note, reason: `imported with a change: ${note.reason}` }));
    },
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
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--dry-run');
  const folders = args.filter((arg) => !arg.startsWith('--'));
  if (unknown.length > 0 || folders.length !== 1) {
    throw new Error('Usage: npm run import:legacy -- <folder of mongoexport files> [--dry-run]');
  }
  const folder = path.resolve(folders[0]);
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new Error(`${folder} is not a folder`);
  const env = loadEnv();
  if (!env.databaseUrl && embeddedInUse(env.dataDir)) {
    throw new Error(`The database under ${env.dataDir} is in use: stop the server first (or set DATABASE_URL to import into a running PostgreSQL)`);
  }
  const started = Date.now();
  const database = await openDatabase(env, createLogger('error'));
  try {
    const result = await importLegacyFolder(database.dataSource, folder, {
      dryRun,
      usdToBdt: env.usdToBdt,
      reporter: consoleReporter((line) => console.log(line), process.stderr.isTTY ? process.stderr : null),
    });
    for (const file of result.ignoredFiles) console.log(`${file}: not an old collection, left alone`);
    console.log(`${result.accountsCreated} accounts created; they sign in after setting a password through "Forgot password"`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const peakMegabytes = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(`${dryRun ? 'Dry run: nothing was saved' : 'Imported'} in ${seconds} s, peak memory ${peakMegabytes} MB.`);
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
