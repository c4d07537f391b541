import { useAppPerFile } from '../test/app-per-file';
import { makeCourse, makeUser } from '../test/factories';
import { HttpClient, signedInClient } from '../test/http-client';
import { errorCategories, errorCodes } from './error-codes';

const t = useAppPerFile();

const post = (client: HttpClient, path: string, body: string) =>
  client.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('the list of codes', () => {
  it('gives every code a category that has an HTTP status', () => {
    for (const [code, category] of Object.entries(errorCodes)) {
      expect(errorCategories[category]).toBeGreaterThanOrEqual(400);
      expect(code).toMatch(/^[A-Z][A-Z_]+$/);
    }
  });
});

describe('GraphQL errors carry a domain code, its category and its data', () => {
  it('TEXT_TOO_LONG names the field and the limit, in English and in Bangla alike', async () => {
    const query = 'query ($text: String!) { searchCourses(text: $text) { id } }';
    const english = await t.visitor.graphql(query, { text: 'x'.repeat(101) });
    expect(english.errors![0]).toMatchObject({
      message: 'Search text must be at most 100 characters',
      extensions: { code: 'TEXT_TOO_LONG', category: 'BAD_USER_INPUT', field: 'text', max: 100 },
    });
    const bangla = new HttpClient(t.app.url);
    bangla.headers['accept-language'] = 'bn';
    const answer = await bangla.graphql(query, { text: 'x'.repeat(101) });
    expect(answer.errors![0].message).not.toBe(english.errors![0].message);
    expect(answer.errors![0].extensions).toMatchObject({ code: 'TEXT_TOO_LONG', category: 'BAD_USER_INPUT', field: 'text', max: 100 });
  });

  it('an input rule over its limit answers TEXT_TOO_LONG with the field, keeping every field message', async () => {
    const answer = await t.visitor.graphql('mutation ($input: ContactInput!) { submitContactMessage(input: $input) }', {
      input: { name: 'n'.repeat(201), email: 'a@example.com', message: 'Hello' },
    });
    expect(answer.errors![0]).toMatchObject({
      message: 'name must be at most 200 characters',
      extensions: { code: 'TEXT_TOO_LONG', category: 'BAD_USER_INPUT', field: 'input.name', max: 200, fields: { name: 'name must be at most 200 characters' } },
    });
  });

  it('other input mistakes keep BAD_USER_INPUT', async () => {
    const answer = await t.visitor.graphql('mutation ($input: ContactInput!) { submitContactMessage(input: $input) }', {
      input: { name: ' ', email: 'a@example.com', message: 'Hello' },
    });
    expect(answer.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', category: 'BAD_USER_INPUT' });
  });

  it('WRONG_CREDENTIALS, NOT_ENROLLED and LESSON_NOT_FOUND say which refusal it is', async () => {
    const student = await makeUser(t.db);
    const wrong = await t.visitor.graphql('mutation { login(email: "nobody@example.com", password: "not it at all") { accessToken } }');
    expect(wrong.errors![0].extensions).toMatchObject({ code: 'WRONG_CREDENTIALS', category: 'UNAUTHENTICATED' });

    const course = await makeCourse(t.db);
    const [lesson] = await t.db.query<Array<{ id: string }>>('SELECT id FROM lesson WHERE "courseId" = $1 ORDER BY position', [course.id]);
    const client = await signedInClient(t.app.url, student.email, 'correct horse battery');
    const save = 'mutation ($id: ID!) { saveLessonPosition(lessonId: $id, seconds: 5) { completed } }';
    const notEnrolled = await client.graphql(save, { id: lesson.id });
    expect(notEnrolled.errors![0].extensions).toMatchObject({ code: 'NOT_ENROLLED', category: 'FORBIDDEN' });
    const missing = await client.graphql(save, { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.errors![0].extensions).toMatchObject({ code: 'LESSON_NOT_FOUND', category: 'NOT_FOUND' });
    // An id that cannot exist answers as an id nobody has, code and all, before the resolver runs.
    const malformed = await client.graphql(save, { id: 'not-an-id' });
    expect(malformed.errors![0]).toMatchObject({ message: 'Lesson not found', extensions: { code: 'LESSON_NOT_FOUND', category: 'NOT_FOUND' } });
  });

  it('a session that has ended still answers UNAUTHENTICATED, which clients refresh on', async () => {
    const client = new HttpClient(t.app.url);
    client.token = 'not-a-token';
    const answer = await client.graphql('{ myEnrollments { id } }');
    expect(answer.errors![0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', category: 'UNAUTHENTICATED' });
  });
});

describe('refusals before GraphQL runs are GraphQL answers with the same status', () => {
  it('an over-long variable: 400 with errors[] and TEXT_TOO_LONG', async () => {
    const res = await post(
      t.visitor,
      '/graphql',
      JSON.stringify({
        query: 'mutation ($input: ContactInput!) { submitContactMessage(input: $input) }',
        variables: { input: { name: 'A', email: 'a@example.com', message: 'x'.repeat(10_001) } },
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      errors: [
        {
          message: 'variables.input.message must be at most 10000 characters',
          extensions: { code: 'TEXT_TOO_LONG', category: 'BAD_USER_INPUT', field: 'input.message', max: 10_000 },
        },
      ],
    });
  });

  it('an over-long string written in the document: TEXT_TOO_LONG with the limit', async () => {
    const res = await post(t.visitor, '/graphql', JSON.stringify({ query: `{ searchCourses(text: "${'x'.repeat(10_001)}") { id } }` }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Array<{ message: string; extensions: Record<string, unknown> }> };
    expect(body.errors[0].message).toBe('A text in the query must be at most 10000 characters');
    expect(body.errors[0].extensions).toMatchObject({ code: 'TEXT_TOO_LONG', category: 'BAD_USER_INPUT', max: 10_000 });
  });

  it('a body too large: 413 with errors[]', async () => {
    const res = await post(t.visitor, '/graphql', JSON.stringify({ query: `{ courses { total } } # ${'x'.repeat(200_000)}` }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      errors: [{ message: 'The request body is too large', extensions: { code: 'BODY_TOO_LARGE', category: 'BAD_USER_INPUT' } }],
    });
  });

  it('a body that is not JSON, or holds a NUL character: 400 with errors[]', async () => {
    const broken = await post(t.visitor, '/graphql', '{"query": ');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      errors: [{ message: 'The request body is not valid JSON', extensions: { code: 'BAD_USER_INPUT', category: 'BAD_USER_INPUT' } }],
    });
    const nul = await post(t.visitor, '/graphql', JSON.stringify({ query: '{ courses { total } }', variables: { a: 'x\u0000' } }));
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({
      errors: [{ message: 'Text must not contain the NUL character', extensions: { code: 'BAD_USER_INPUT', category: 'BAD_USER_INPUT' } }],
    });
  });
});

describe('REST answers the same codes', () => {
  it('TEXT_TOO_LONG with field and max, and the category', async () => {
    const res = await t.visitor.request(`/api/courses/searchCourse/${'x'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Search text must be at most 100 characters',
      code: 'TEXT_TOO_LONG',
      category: 'BAD_USER_INPUT',
      field: 'text',
      max: 100,
    });
  });

  it('CERTIFICATE_NOT_FOUND for an unknown certificate', async () => {
    const res = await t.visitor.request('/api/certificates/SHK-NOPE/pdf');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Certificate not found', code: 'CERTIFICATE_NOT_FOUND', category: 'NOT_FOUND' });
  });

  it('a REST body too large stays a plain 413 with a code', async () => {
    const res = await post(t.visitor, '/api/contact', JSON.stringify({ message: 'x'.repeat(200_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'The request body is too large', code: 'BODY_TOO_LARGE', category: 'BAD_USER_INPUT' });
  });
});
