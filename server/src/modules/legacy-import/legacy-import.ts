import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { DEFAULT_USD_TO_BDT } from '../../shared/money';
import { readExport, type ExportRecord } from './export-reader';
import { legacyIdOf, unstorableText, type MapOptions } from './legacy-fields';
import { Run, type Collection, type Item } from './import-run';
import { COLLECTIONS } from './legacy-collections';

/** How many records are checked against earlier runs and written at a time. */
const BATCH_SIZE = 500;

export interface ImportProblem {
  collection: string;
  file: string;
  record: number;
  line: number;
  legacyId: string | null;
  reason: string;
}

export interface CollectionSummary {
  collection: string;
  file: string;
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  notes: Record<string, number>;
}

export interface ImportReporter {
  problem(problem: ImportProblem): void;
  /** A record imported with a change (shortened to the editor's limits, a picture left out…): `reason` says which. */
  note?(note: ImportProblem): void;
  progress(collection: string, bytesRead: number, totalBytes: number): void;
  collectionDone(summary: CollectionSummary): void;
}

export interface ImportResult {
  dryRun: boolean;
  collections: CollectionSummary[];
  accountsCreated: number;
  ignoredFiles: string[];
}

const EXTENSIONS = ['.json', '.jsonl', '.ndjson'];

/** Announced in the collection's summary for records imported with a change, each reported with its own note. */
/**
 * The kind of a note or problem, for the run's summary: its reason without the values that differ
 * from record to record (quoted texts, email addresses, figures in brackets, the name after "unknown instructor:").
 */
export function kindOf(reason: string): string {
  return reason
    .replace(/"[^"]*"/g, '"…"')
    .replace(/[^\s"]+@[^\s"]+/g, '…')
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/^(unknown [a-z]+): .*$/, '$1');
}

/**
 * Imports every old collection found in `folder`, in one transaction; a dry run rolls it back.
 * `usdToBdt` (USD_TO_BDT) proposes a course's taka price from its dollars, or its dollars from its taka.
 */
export async function importLegacyFolder(
  db: DataSource,
  folder: string,
  options: { dryRun: boolean; reporter: ImportReporter; usdToBdt?: number },
): Promise<ImportResult> {
  const mapOptions: MapOptions = { usdToBdt: options.usdToBdt ?? DEFAULT_USD_TO_BDT };
  const files = fs.readdirSync(folder).filter((name) => fs.statSync(path.join(folder, name)).isFile());
  const used = new Set<string>();
  const plan: Array<{ collection: Collection<unknown>; file: string }> = [];
  for (const collection of COLLECTIONS as Array<Collection<unknown>>) {
    const file = files.find((name) => {
      const ext = EXTENSIONS.find((e) => name.toLowerCase().endsWith(e));
      return ext && collection.fileNames.includes(name.slice(0, -ext.length).toLowerCase());
    });
    if (file) {
      plan.push({ collection, file });
      used.add(file);
    }
  }
  const ignoredFiles = files.filter((name) => !used.has(name));
  if (plan.length === 0)
    throw new Error(`No old collections found in ${folder}: expected files such as Course.json, blogs.json, reviews.json, users.json, enrollments.json`);

  const queryRunner = db.createQueryRunner();
  await queryRunner.connect();
  await queryRunner.startTransaction();
  const run = new Run(queryRunner.manager);
  const collections: CollectionSummary[] = [];
  try {
    for (const { collection, file } of plan) {
      const summary = await importFile(run, collection, path.join(folder, file), file, options.reporter, mapOptions);
      collections.push(summary);
      options.reporter.collectionDone(summary);
    }
    if (options.dryRun) await queryRunner.rollbackTransaction();
    else await queryRunner.commitTransaction();
  } catch (error) {
    await queryRunner.rollbackTransaction();
    throw error;
  } finally {
    await queryRunner.release();
  }
  return { dryRun: options.dryRun, collections, accountsCreated: run.accountsCreated, ignoredFiles };
}

async function importFile<T>(
  run: Run,
  collection: Collection<T>,
  filePath: string,
  file: string,
  reporter: ImportReporter,
  mapOptions: MapOptions,
): Promise<CollectionSummary> {
  const summary: CollectionSummary = { collection: collection.name, file, read: 0, created: 0, updated: 0, unchanged: 0, failed: 0, notes: {} };
  const totalBytes = fs.statSync(filePath).size;
  const seen = new Map<string, number>();
  const fail = (record: ExportRecord, legacyId: string | null, reason: string) => {
    summary.failed += 1;
    const kind = `not imported: ${kindOf(reason)}`;
    summary.notes[kind] = (summary.notes[kind] ?? 0) + 1;
    reporter.problem({ collection: collection.name, file, record: record.index, line: record.line, legacyId, reason });
  };

  const flush = async (batch: Item<T>[]) => {
    if (batch.length === 0) return;
    const known = await run.m.query<Array<{ legacyId: string; entityId: string; fingerprint: string }>>(
      `SELECT "legacyId", "entityId", "fingerprint" FROM legacy_record WHERE "collection" = $1 AND "legacyId" = ANY($2)`,
      [collection.name, batch.map((item) => item.legacyId)],
    );
    const byId = new Map(known.map((row) => [row.legacyId, row]));
    const toWrite: Item<T>[] = [];
    for (const item of batch) {
      const earlier = byId.get(item.legacyId);
      if (earlier && earlier.fingerprint === item.fingerprint) summary.unchanged += 1;
      else toWrite.push({ ...item, entityId: earlier?.entityId });
    }
    if (toWrite.length === 0) return;
    const outcomes = await collection.write(run, toWrite);
    const remembered: Array<[string, string, string]> = [];
    outcomes.forEach((outcome, i) => {
      const item = toWrite[i];
      if ('error' in outcome) return fail(item.record, item.legacyId, outcome.error);
      summary[outcome.outcome] += 1;
      if (outcome.note) summary.notes[outcome.note] = (summary.notes[outcome.note] ?? 0) + 1;
      if (item.notes.length > 0) {
        for (const reason of item.notes) {
          const kind = `imported with a change: ${kindOf(reason)}`;
          summary.notes[kind] = (summary.notes[kind] ?? 0) + 1;
        }
        const where = { collection: collection.name, file, record: item.record.index, line: item.record.line, legacyId: item.legacyId };
        for (const reason of item.notes) reporter.note?.({ ...where, reason });
      }
      remembered.push([item.legacyId, outcome.entityId, item.fingerprint]);
    });
    await run.remember(collection.name, remembered);
  };

  let batch: Item<T>[] = [];
  for await (const record of readExport(filePath, (bytes) => reporter.progress(collection.name, bytes, totalBytes))) {
    summary.read += 1;
    if (record.error !== undefined) {
      fail(record, null, record.error);
      continue;
    }
    const unstorable = unstorableText(record.doc);
    if (unstorable) {
      fail(record, legacyIdOf(record.doc), unstorable);
      continue;
    }
    const mapped = collection.map(record.doc, mapOptions);
    if ('error' in mapped) {
      fail(record, mapped.legacyId, mapped.error);
      continue;
    }
    const firstSeen = seen.get(mapped.legacyId);
    if (firstSeen !== undefined) {
      fail(record, mapped.legacyId, `duplicate _id (record ${firstSeen} has it too)`);
      continue;
    }
    seen.set(mapped.legacyId, record.index);
    if (collection.uniqueField) {
      const [label, value] = collection.uniqueField(mapped.fields);
      const firstWithValue = seen.get(`${label}\u0000${value}`);
      if (firstWithValue !== undefined) {
        fail(record, mapped.legacyId, `duplicate ${label} ${value} (record ${firstWithValue} has it too)`);
        continue;
      }
      seen.set(`${label}\u0000${value}`, record.index);
    }
    const fingerprint = crypto.createHash('sha256').update(JSON.stringify(mapped.fields)).digest('base64url');
    batch.push({ record, legacyId: mapped.legacyId, fields: mapped.fields, fingerprint, notes: mapped.notes ?? [] });
    if (batch.length >= BATCH_SIZE) {
      await flush(batch);
      batch = [];
    }
  }
  await flush(batch);
  return summary;
}
