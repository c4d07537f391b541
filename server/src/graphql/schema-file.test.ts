import fs from 'node:fs';
import { buildSchema } from 'graphql';
import { schemaFile } from '../config/paths';
import { createSchema, printSchemaFile } from './schema';

describe('schema.graphql', () => {
  it('matches the schema the server builds (run `npm run schema` after changing the API)', async () => {
    const committed = fs.readFileSync(schemaFile, 'utf8');
    expect(committed).toBe(printSchemaFile(await createSchema()));
  });

  it('keeps the names integrators rely on', () => {
    const sdl = fs.readFileSync(schemaFile, 'utf8');
    for (const name of ['courses(', 'searchCourses(', 'type Lesson', 'photoURL: String', 'keyPoints: [String!]!']) {
      expect(sdl).toContain(name);
    }
    // Described arguments print on lines of their own, so `course(id: ID!): Course` is read from the schema.
    const course = buildSchema(sdl).getQueryType()?.getFields().course;
    expect(course && String(course.type)).toBe('Course');
    expect(course?.args.map((arg) => `${arg.name}: ${String(arg.type)}`)).toEqual(['id: ID!']);
  });
});
