/**
 * What a module of the product brings to the whole: its GraphQL resolvers and its entities. The
 * composition root reads these manifests (`modules/index.ts` lists the modules), so a new feature
 * touches its own folder and one line there.
 */
export interface ProductModule {
  /** The module's folder under `modules/`. */
  name: string;
  // Classes, as type-graphql and TypeORM take them.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  resolvers?: Function[];
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities?: Function[];
}
