import type { GraphQLObjectType } from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { createSchema } from './schema';

// An object type with `simpleResolvers` gives its plain fields no type-graphql resolver, so a role
// check or middleware put on one of them would never run: such types must have none.
describe('object types whose plain fields skip type-graphql', () => {
  it('have no role check or middleware on any plain field, and their plain fields have no resolver', async () => {
    const schema = await createSchema();
    const storage = getMetadataStorage();
    const simpleTypes = storage.objectTypes.filter((type) => type.simpleResolvers);
    expect(simpleTypes.map((type) => type.name).sort()).toEqual(['Course', 'Lesson', 'Review']);
    for (const type of simpleTypes) {
      const guarded = storage.fields.filter(
        (field) => field.target === type.target && ((field.roles?.length ?? 0) > 0 || (field.middlewares?.length ?? 0) > 0),
      );
      expect(guarded.map((field) => `${type.name}.${field.name}`)).toEqual([]);
      const fields = (schema.getType(type.name) as GraphQLObjectType).getFields();
      expect(fields.name ?? fields.title).toBeDefined();
      expect((fields.name ?? fields.title).resolve).toBeUndefined();
    }
  });
});
