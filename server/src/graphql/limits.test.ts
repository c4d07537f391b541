import { useAppPerFile } from '../test/app-per-file';
import { serverAudits } from 'graphql-http';
import { getOperationAST, Kind, parse, type OperationDefinitionNode } from 'graphql';
import { clientOperations } from '../test/client-operations';
import { MAX_COST, operationCost } from './cost-limit';
import { SUBSCRIPTIONS_UNSUPPORTED } from './limits';
import { createSchema } from './schema';

const given = useAppPerFile();

describe('GraphQL limits', () => {
  it("lets the client's own deepest queries through", async () => {
    const query = `{ courses { items { lessons { id title } } } reviews { items { name } } }`;
    expect((await given.app.graphql(query)).body.errors).toBeUndefined();
  });

  it('refuses too many aliases, tokens and directives with clear messages and a 400', async () => {
    const refusal = async (query: string) => {
      const { status, body } = await given.app.graphql(query);
      expect(status).toBe(400);
      return body.errors![0];
    };
    const aliases = `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: courses { total }`).join(' ')} }`;
    const aliasError = await refusal(aliases);
    expect(aliasError.message).toMatch(/Aliases limit of 15 exceeded/);
    expect(aliasError.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const tokens = await refusal(`{ courses { ${'total '.repeat(5_001)} } }`);
    expect(tokens.message).toMatch(/^Syntax Error: Document contains more tha[nt] 5000 tokens\. Parsing aborted\.$/);
    expect(tokens.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    const directives = `{ courses { total ${'@include(if: true) '.repeat(51)} } }`;
    expect((await refusal(directives)).message).toMatch(/Directives limit of 50 exceeded/);
  });

  it("answers a syntax error with a 400 and the parser's message", async () => {
    const { status, body } = await given.app.graphql('{ courses { total }');
    expect(status).toBe(400);
    expect(body.errors![0].message).toMatch(/^Syntax Error: Expected Name, found <EOF>/);
    expect(body.errors![0].extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('asks for the operation name, with a 400, when a document of several operations comes without one', async () => {
    const { status, body } = await given.app.graphql('query Courses { courses { total } } query Reviews { reviews { total } }');
    expect(status).toBe(400);
    expect(body.errors![0].message).toBe('Must provide operation name if query contains multiple operations.');
    expect(body.data).toBeUndefined();
  });

  it('refuses a subscription with a 400: the schema has none', async () => {
    const { status, body } = await given.app.graphql('subscription Live { courses { total } }');
    expect(status).toBe(400);
    expect(body.errors![0]).toMatchObject({ message: SUBSCRIPTIONS_UNSUPPORTED, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
  });

  it('counts list sizes in the cost: 15 aliases of a 50-course list with lessons are refused', async () => {
    const fields = 'id name description price photoURL ratings instructor instructorEmail keyPoints targetedPeoples whyNeed lessonCount';
    const list = (limit: string) => `courses(limit: ${limit}) { items { ${fields} lessons { id title position videoURL completed lastPosition } } }`;
    const costly = `{ ${Array.from({ length: 15 }, (_, i) => `c${i}: ${list('50')}`).join(' ')} }`;
    const { status, body } = await given.app.graphql(costly);
    expect(status).toBe(400);
    expect(body.errors![0].message).toMatch(/^Query cost limit of 10000 exceeded, found \d+\. Ask for fewer items or fewer fields\.$/);
    expect(body.errors![0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    // The same with the limit in a variable, and the same list once, which is allowed.
    const viaVariable = await given.app.graphql(`query ($n: Int!) { ${Array.from({ length: 15 }, (_, i) => `c${i}: ${list('$n')}`).join(' ')} }`, { n: 50 });
    expect(viaVariable.status).toBe(400);
    const once = await given.app.graphql(`{ ${list('50')} }`);
    expect(once.status).toBe(200);
    expect(once.body.errors).toBeUndefined();
  });

  it('lets every operation of the client through with its lists at their largest', async () => {
    const document = parse(clientOperations());
    const schema = await createSchema();
    const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    expect(operations.length).toBeGreaterThan(20);
    for (const operation of operations) {
      const variables = Object.fromEntries(
        (operation.variableDefinitions ?? []).map((v) => [v.variable.name.value, v.variable.name.value === 'limit' ? 50 : undefined]),
      );
      const cost = operationCost(schema, document, getOperationAST(document, operation.name!.value)!, variables);
      expect({ operation: operation.name!.value, withinLimit: cost <= MAX_COST }).toEqual({ operation: operation.name!.value, withinLimit: true });
    }
  });
});

describe('GraphQL over HTTP', () => {
  it('passes the graphql-http server audits with no audit answering error', async () => {
    const results = await Promise.all(serverAudits({ url: `${given.app.url}/graphql`, fetchFn: fetch }).map((audit) => audit.fn()));
    const errors = results.flatMap((result) => (result.status === 'error' ? [`${result.name}: ${result.reason}`] : []));
    expect(errors).toEqual([]);
  });
});
