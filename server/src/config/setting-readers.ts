/** Readers of single settings: each problem is added to `problems`, so every one is reported at once. */
/** The environment the settings are read from. */
export type Source = Record<string, string | undefined>;

export function optional(src: Source, name: string): string | undefined {
  const value = src[name]?.trim();
  return value ? value : undefined;
}

export function parseBoolean(name: string, raw: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
  problems.push(`${name} must be true or false (got "${raw}")`);
  return fallback;
}

export function wholeNumber(src: Source, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = optional(src, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}
