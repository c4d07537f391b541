import fs from 'node:fs';
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType } from 'graphql';
import { schemaFile } from '../config/paths';

/**
 * Integrators read the schema's descriptions (schema.graphql, /schema.graphql, the playground):
 * every type, field, argument, input field and enum value must have one, with no exception.
 */
function undescribed(sdl: string): string[] {
  const schema = buildSchema(sdl);
  const missing: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (!type.description) missing.push(type.name);
    type Described = { name: string; description?: string | null; args?: ReadonlyArray<{ name: string; description?: string | null }> };
    const fields: Described[] =
      isObjectType(type) || isInterfaceType(type) ? Object.values(type.getFields()) : isInputObjectType(type) ? Object.values(type.getFields()) : [];
    for (const field of fields) {
      if (!field.description) missing.push(`${type.name}.${field.name}`);
      for (const arg of field.args ?? []) if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
    }
    if (isEnumType(type)) for (const value of type.getValues()) if (!value.description) missing.push(`${type.name}.${value.name}`);
  }
  return missing.sort();
}

describe('schema.graphql descriptions', () => {
  const missing = undescribed(fs.readFileSync(schemaFile, 'utf8'));

  it('describes every type, field, argument, input field and enum value', () => {
    expect(missing).toEqual([]);
  });

  it('finds a missing description', () => {
    expect(undescribed('"""The root"""\ntype Query {\n  """Described"""\n  a(x: Int): Int\n  b: Int\n}\n')).toEqual(['Query.a(x)', 'Query.b']);
  });
});
