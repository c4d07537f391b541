import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { readDirect } from './direct-read';

/** An entity read with only some of its columns (selectListOf): its primary key and what was asked for. */
export type PartialEntity<T extends { id: unknown }> = Pick<T, 'id'> & Partial<T>;

/**
 * Reads entities with hand-written SQL for the hottest catalogue paths. TypeORM's query builder and
 * its hydration cost more CPU than the query itself (about 0.35 ms a statement on the bench
 * machine); here the column list is built once from the entity's metadata and rows become
 * entities through the same metadata, column transformers included, and the SQL goes straight to
 * the pool (direct-read.ts).
 */
export class EntityReader<T extends ObjectLiteral> {
  private readonly columns;
  private readonly prototype: object;

  constructor(
    private readonly db: DataSource,
    entity: EntityTarget<T>,
  ) {
    const metadata = db.getMetadata(entity);
    // Columns marked `select: false` (such as the course's search columns) are never read here either.
    this.columns = metadata.columns
      .filter((column) => column.isSelect)
      .map((column) => ({
        select: `"${column.databaseName}" AS "${column.propertyName}"`,
        property: column.propertyName,
        primary: column.isPrimary,
        transformer: Array.isArray(column.transformer) ? undefined : column.transformer,
      }));
    if (metadata.columns.some((column) => Array.isArray(column.transformer))) {
      throw new Error(`${metadata.name}: chains of column transformers are not supported here`);
    }
    this.prototype = (metadata.target as { prototype: object }).prototype;
  }

  /** The entity's columns, for `SELECT ${reader.selectList} FROM ...` (no table alias needed). */
  get selectList(): string {
    return this.columns.map((column) => column.select).join(', ');
  }

  /**
   * Only the columns behind `properties` (and the primary key), for a client that asked for a few
   * fields; the entities then hold only those. Every column when `properties` is undefined.
   */
  selectListOf(properties: ReadonlySet<string> | undefined): string {
    if (!properties) return this.selectList;
    return this.columns
      .filter((column) => column.primary || properties.has(column.property))
      .map((column) => column.select)
      .join(', ');
  }

  /** `via`: a transaction's entity manager, to read inside it; otherwise straight on the pool (readDirect). */
  async many(sql: string, parameters: unknown[] = [], via: Pick<DataSource, 'query'> = this.db, computed: readonly string[] = []): Promise<T[]> {
    const rows: Array<Record<string, unknown>> = via === this.db ? await readDirect(this.db, sql, parameters) : await via.query(sql, parameters);
    return rows.map((row) => {
      const entity = Object.create(this.prototype) as Record<string, unknown>;
      for (const { property, transformer } of this.columns) {
        if (property in row) entity[property] = transformer ? transformer.from(row[property]) : row[property];
      }
      // Values the statement computed beside the columns (a course's rating), kept as read.
      for (const name of computed) if (name in row) entity[name] = row[name];
      return entity as T;
    });
  }

  /** Entities read with `selectListOf(properties)`: typed as holding only some columns. */
  manyPartial(
    sql: string,
    parameters: unknown[] = [],
    via: Pick<DataSource, 'query'> = this.db,
    computed: readonly string[] = [],
  ): Promise<Array<PartialEntity<T & { id: unknown }>>> {
    return this.many(sql, parameters, via, computed) as Promise<unknown> as Promise<Array<PartialEntity<T & { id: unknown }>>>;
  }

  async one(sql: string, parameters: unknown[] = []): Promise<T | null> {
    return (await this.many(sql, parameters))[0] ?? null;
  }
}

const readers = new WeakMap<DataSource, Map<unknown, EntityReader<ObjectLiteral>>>();

/** The reader of `entity` for this data source, made once. */
export function entityReader<T extends ObjectLiteral>(db: DataSource, entity: EntityTarget<T>): EntityReader<T> {
  let byEntity = readers.get(db);
  if (!byEntity) readers.set(db, (byEntity = new Map<unknown, EntityReader<ObjectLiteral>>()));
  let reader = byEntity.get(entity);
  if (!reader) byEntity.set(entity, (reader = new EntityReader(db, entity) as EntityReader<ObjectLiteral>));
  return reader as EntityReader<T>;
}
