import type { DocumentNode } from 'graphql';

/**
 * The answers a server-rendered page was drawn with, by operation and variables. The browser draws
 * the page again from them before Apollo Client has loaded (hydration), then hands them to Apollo's
 * cache, so nothing is asked for twice and nothing on the page changes.
 */
export type ServerAnswers = Record<string, unknown>;

function operationName(document: DocumentNode): string {
  for (const definition of document.definitions) {
    if ((definition.kind as string) === 'OperationDefinition' && 'operation' in definition) return definition.name?.value ?? '';
  }
  return '';
}

/** Object keys in one order, so the server and the browser name the same variables alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/** The key of one operation's answer: its name and its variables. */
export function answerKey(document: DocumentNode, variables: unknown): string {
  return `${operationName(document)}:${JSON.stringify(canonical(variables ?? {}))}`;
}
