/** The data hooks the generated operation modules call (client/codegen/hooks-plugin.cjs). */
export { useMutation } from './use-mutation';
export { useQuery } from './use-query';
export { DataProvider, useDataSource } from './data-context';
export { lazyDataSource, readyDataSource, type DataSource } from './data-source';
export { isGraphQLErrors } from './graphql-errors-check';
export type { ServerAnswers } from './server-answers';
