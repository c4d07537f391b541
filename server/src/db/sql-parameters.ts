/** Positional parameters ($1, $2, ...) collected while a statement is written. */
export class SqlParameters {
  readonly values: unknown[] = [];

  /** Adds `value` and answers its placeholder. */
  add(value: unknown): string {
    return `$${this.values.push(value)}`;
  }
}
