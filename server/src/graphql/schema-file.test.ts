import fs from 'node:fs';
import { schemaFile } from '../config/paths';
import { createSchema, printSchemaFile } from './schema';

describe('schema.graphql', () => {
  it('matches the schema the server builds (run `npm run schema` after changing the API)', async () => {
    const committed = fs.readFileSync(schemaFile, 'utf8');
    expect(committed).toBe(printSchemaFile(await createSchema()));
  });

  it('keeps the names integrators rely on', () => {
    const sdl = fs.readFileSync(schemaFile, 'utf8');
    for (const name of ['courses(', 'course(id: ID!): Course', 'searchCourses(', 'type Lesson', 'photoURL: String', 'keyPoints: [String!]!']) {
      expect(sdl).toContain(name);
    }
  });
});
