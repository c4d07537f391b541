/**
 * A new module is its own folder and one line in the list of modules: the example module
 * (`test/example-module/`: a service, a resolver, an entity, a route and a job) joins the product
 * here by that one line, and every part of it works through the server's own composition.
 */
import type { DataSource } from 'typeorm';
import { productModules } from './modules';
import { exampleModule } from './test/example-module/example.module';
import { ExampleNoteTable1900000000000 } from './test/example-module/example-note.table';
import { EXAMPLE_NOTE_QUEUE, ExampleNotes } from './test/example-module/example-notes.service';
import { ExampleNote } from './test/example-module/example-note.entity';
import { startTestApp, type TestApp } from './test/app';
import { closeTestDatabase, openTestDatabase } from './test/database';
import { makeUser } from './test/factories';
import { HttpClient, signedInClient } from './test/http-client';
import { waitFor } from './test/wait-for';

// The one line a new module adds to modules/index.ts.
const modules = [...productModules, exampleModule];

let db: DataSource;
let app: TestApp;

beforeAll(async () => {
  // Its table comes from its migration, as every table does.
  db = await openTestDatabase({ modules, migrations: [ExampleNoteTable1900000000000] });
  app = await startTestApp(db, {}, { modules, workQueues: [EXAMPLE_NOTE_QUEUE] });
});
afterAll(async () => {
  await app?.close();
  if (db) await closeTestDatabase(db);
});

describe('a module added by its folder and one line', () => {
  it('has its service built among the others', () => {
    expect(app.services.exampleNotes).toBeInstanceOf(ExampleNotes);
    expect(app.composition.modules.map((module) => module.name)).toContain('example');
  });

  it('answers its GraphQL operations through its service, with the server refusing a visitor', async () => {
    const visitor = new HttpClient(app.url);
    const refused = await visitor.graphql(`mutation { addExampleNote(text: "from a visitor") { id } }`);
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const user = await makeUser(db, {}, 'correct horse battery');
    const student = await signedInClient(app.url, user.email, 'correct horse battery');
    const added = await student.graphql<{ addExampleNote: { id: string; text: string } }>(`mutation { addExampleNote(text: "a first note") { id text } }`);
    expect(added.errors).toBeUndefined();
    expect(added.data?.addExampleNote.text).toBe('a first note');

    const listed = await visitor.graphql<{ exampleNotes: Array<{ text: string }> }>(`{ exampleNotes { text } }`);
    expect(listed.data?.exampleNotes).toEqual([{ text: 'a first note' }]);
  });

  it('stores its entity in its own table and serves its route', async () => {
    expect(await db.getRepository(ExampleNote).count()).toBe(1);
    const response = await fetch(`${app.url}/api/example-notes/count`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ count: 1 });
  });

  it('works its job on the one queue', async () => {
    const seen = await waitFor(
      'the example job to see the note',
      async () => (await db.getRepository(ExampleNote).findOneByOrFail({ text: 'a first note' })).seen,
    );
    expect(seen).toBe(true);
  });
});
