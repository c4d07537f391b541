import fs from 'node:fs';
import { buildSchema, getNamedType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';
import { schemaFile } from '../config/paths';

/**
 * Every amount of money the API answers is a `Money` (minor units and its currency), or a
 * deprecated older field: a bare number (dollars, taka, cents?) never reaches a new reader.
 * A field is about money when its name says so (amount, price, revenue, refunded…); `Money`
 * itself is the one type allowed to hold the number. Inputs are typed by admins and named with
 * their currency (`priceBDT`, `amountOffBDT`): they answer nothing.
 */
const MONEY_NAME = /amount|price|revenue|refunded(?!At)|paid(?!At|With)|earning|balance|cost|fee\b/i;
/** Money holds the number; MoneyTotal (whole units beside a currency string) may be answered only by deprecated fields, checked below. */
const ALLOWED_HOLDERS = new Set(['Money', 'MoneyTotal']);

export function bareMoneyFields(schema: GraphQLSchema): string[] {
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || ALLOWED_HOLDERS.has(type.name)) continue;
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.deprecationReason) continue;
      const named = getNamedType(field.type).name;
      if (named === 'MoneyTotal' || (MONEY_NAME.test(field.name) && ['Float', 'Int', 'String'].includes(named)))
        found.push(`${type.name}.${field.name}: ${named}`);
    }
  }
  return found.sort();
}

describe('money in the schema', () => {
  it('is a Money, or a deprecated field, everywhere the API answers an amount', () => {
    expect(bareMoneyFields(buildSchema(fs.readFileSync(schemaFile, 'utf8')))).toEqual([]);
  });

  it('notices a bare amount, and a total in whole units', () => {
    const schema = buildSchema(`
      type Money { amount: Int!, currency: String! }
      type MoneyTotal { amount: Float!, currency: String! }
      type Query { price: Float!, old: Float! @deprecated(reason: "x"), totals: [MoneyTotal!]!, paid: Money!, paidAt: String, total: Int! }
    `);
    expect(bareMoneyFields(schema)).toEqual(['Query.price: Float', 'Query.totals: MoneyTotal']);
  });
});
