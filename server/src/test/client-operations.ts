import fs from 'node:fs';
import path from 'node:path';
import { type DefinitionNode, Kind, parse, print, visit } from 'graphql';
import { repoRoot } from '../config/paths';

function graphqlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return graphqlFiles(full);
    return entry.name.endsWith('.graphql') ? [full] : [];
  });
}

/** Every operation and fragment the client sends, as one document: tests run the client's real queries. */
export function clientOperations(): string {
  return graphqlFiles(path.join(repoRoot, 'client', 'src'))
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
}

/**
 * One of the client's operations with the fragments it uses, as the client sends it (a document of
 * every operation is past the API's token limit).
 */
export function clientOperation(name: string): string {
  const definitions = parse(clientOperations(), { noLocation: true }).definitions;
  const operation = definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.name?.value === name);
  if (!operation) throw new Error(`the client has no operation ${name}`);
  const fragments = new Map(
    definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [])),
  );
  const used: DefinitionNode[] = [operation];
  const seen = new Set<string>();
  for (let i = 0; i < used.length; i++) {
    visit(used[i], {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (fragment && !seen.has(spread.name.value)) {
          seen.add(spread.name.value);
          used.push(fragment);
        }
      },
    });
  }
  return print({ kind: Kind.DOCUMENT, definitions: used });
}
