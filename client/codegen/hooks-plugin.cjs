// Emits one typed hook per operation (useHomePageQuery, useSaveThingMutation, ...) beside the
// typed documents of the same generated file, so components never pass documents around by hand.
// The hooks come from client/src/lib/data, which reads a server-rendered page's answers until
// Apollo Client has loaded (Apollo is not part of the first download).
const path = require('node:path');
const { Kind } = require('graphql');

const DATA_HOOKS = path.resolve(__dirname, '../src/lib/data');

const kinds = { query: ['Query', 'useQuery'], mutation: ['Mutation', 'useMutation'] };

/** The data hooks' module, relative to a generated file. */
function dataHooksFrom(outputFile) {
  const relative = path
    .relative(path.dirname(path.resolve(outputFile)), DATA_HOOKS)
    .split(path.sep)
    .join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

module.exports = {
  plugin(_schema, documents, _config, info) {
    const hooks = [];
    const used = new Set();
    for (const { document } of documents) {
      for (const def of document.definitions) {
        if (def.kind !== Kind.OPERATION_DEFINITION || !def.name || !kinds[def.operation]) continue;
        const [suffix, hook] = kinds[def.operation];
        const name = def.name.value;
        const types = `${name}${suffix}, ${name}${suffix}Variables`;
        used.add(hook);
        hooks.push(
          `export const use${name}${suffix} = (...options: OptionsOf<typeof ${hook}<${types}>>) =>\n  ${hook}<${types}>(${name}Document, ...options);`,
        );
      }
    }
    if (hooks.length === 0) return '';
    return {
      prepend: [`import { ${[...used].sort().join(', ')} } from '${dataHooksFrom(info.outputFile)}';`],
      content: [
        '',
        '// eslint-disable-next-line @typescript-eslint/no-explicit-any',
        'type OptionsOf<F> = F extends (document: any, ...options: infer O) => any ? O : never;',
        '',
        ...hooks,
        '',
      ].join('\n'),
    };
  },
};
