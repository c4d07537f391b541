import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, type GraphQLField, type GraphQLInputField, isEnumType, isInputObjectType, isInterfaceType, isObjectType } from 'graphql';
import { schemaFile } from '../config/paths';
import { DEPRECATIONS, deprecated, type DeprecatedName } from './deprecations';
import { exactWebhookSchema, WEBHOOK_EVENT_TYPES } from '../modules/integration/webhook-schemas';

// An integrator learns what is going, and until when, from one list: the schema's @deprecated
// reasons, the webhook schemas' notes and the guide's list are all written from DEPRECATIONS.

const names = Object.keys(DEPRECATIONS) as DeprecatedName[];
const graphqlNames = names.filter((name) => !name.startsWith('webhook '));
const webhookNames = names.filter((name) => name.startsWith('webhook '));

/** Every deprecated coordinate of the schema (fields, arguments, input fields, enum values) with its reason. */
function deprecatedInSchema(): Map<string, string> {
  const schema = buildSchema(fs.readFileSync(schemaFile, 'utf8'));
  const found = new Map<string, string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      const fields = Object.values(type.getFields() as Record<string, GraphQLField<unknown, unknown> | GraphQLInputField>);
      for (const field of fields) {
        if (field.deprecationReason) found.set(`${type.name}.${field.name}`, field.deprecationReason);
        for (const arg of 'args' in field ? field.args : []) {
          if (arg.deprecationReason) found.set(`${type.name}.${field.name}(${arg.name}:)`, arg.deprecationReason);
        }
      }
    }
    if (isEnumType(type)) for (const value of type.getValues()) if (value.deprecationReason) found.set(`${type.name}.${value.name}`, value.deprecationReason);
  }
  return found;
}

/** Every description in the exact webhook schemas, each prefixed by its event. */
function webhookDescriptions(): string[] {
  const found: string[] = [];
  const walk = (node: unknown, event: string) => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.deprecated === true && typeof record.description === 'string') found.push(`${event}: ${record.description}`);
    for (const value of Object.values(record)) walk(value, event);
  };
  for (const type of WEBHOOK_EVENT_TYPES) walk(exactWebhookSchema(type), type);
  return found;
}

describe('deprecations', () => {
  it('are in one wording, saying what to use instead and until when, at least six months on', () => {
    for (const name of names) {
      const { since, keptUntil } = DEPRECATIONS[name];
      expect(deprecated(name)).toMatch(/^Use .+\. Deprecated on \d{4}-\d{2}-\d{2}; kept until \d{4}-\d{2}-\d{2}\.$/);
      const sixMonthsOn = new Date(since);
      sixMonthsOn.setUTCMonth(sixMonthsOn.getUTCMonth() + 6);
      expect([name, new Date(keptUntil) >= sixMonthsOn]).toEqual([name, true]);
    }
  });

  it('are exactly the schema’s @deprecated names, each with the list’s reason', () => {
    const inSchema = deprecatedInSchema();
    expect([...inSchema.keys()].sort()).toEqual([...graphqlNames].sort());
    for (const name of graphqlNames) expect([name, inSchema.get(name)]).toEqual([name, deprecated(name)]);
  });

  it('name every deprecated webhook field, whose schema says so in the same words', () => {
    const notes = webhookDescriptions();
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) expect([note, webhookNames.some((name) => note.endsWith(`Deprecated: ${deprecated(name)}`))]).toEqual([note, true]);
    for (const name of webhookNames) expect([name, notes.some((note) => note.endsWith(deprecated(name)))]).toEqual([name, true]);
  });

  it('are each listed in the integrator guide with the date it was deprecated and the date it may go', () => {
    const guide = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'integrators.md'), 'utf8');
    const rows = guide.split('\n').map((line) => line.split('|').map((cell) => cell.trim()));
    for (const name of names) {
      const { since, keptUntil } = DEPRECATIONS[name];
      const row = rows.find((cells) => cells[1] === `\`${name}\``);
      expect([name, row?.[3], row?.[4]]).toEqual([name, since, keptUntil]);
    }
  });
});
