import { useAppPerFile } from '../test/app-per-file';
import { startTestApp } from '../test/app';
import { closeTestDatabase, openTestDatabase } from '../test/database';
import { makeCourse } from '../test/factories';
import { Blog } from '../modules/blog/blog.entity';
import { Review } from '../modules/review/review.entity';
import { BAD_PERCENT_ENCODING } from '../http/errors';
import { CourseLanguage } from '../modules/course/course.enums';

// Legacy answers are checked field by field against the old shapes.
type LegacyAnswer<Body> = { status: number; body: Body };
type Named = { name?: string; title?: string };

const given = useAppPerFile();

const get = async <Body = unknown>(path: string): Promise<LegacyAnswer<Body>> => {
  const res = await fetch(given.app.url + path, { headers: { accept: 'application/json' } });
  return { status: res.status, body: (await res.json()) as Body };
};

describe('the legacy catalogue paths', () => {
  it('GET /api/courses answers every course as the old course document', async () => {
    const course = await makeCourse(given.db, { name: 'Algebra', price: 12.5, keyPoints: ['Sets'], ratings: '4.9 ratings out of 5' }, ['Intro', 'Sets']);
    await given.db.getRepository(Review).insert([
      { name: 'a', text: 'Good', rating: 4, courseId: course.id },
      { name: 'b', text: 'Great', rating: 5, courseId: course.id },
    ]);
    await makeCourse(given.db, { name: 'Draft', published: false });
    const { status, body } = await get('/api/courses');
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        _id: course.id,
        id: course.id,
        name: 'Algebra',
        price: 12.5,
        instructor: 'Test Instructor',
        instructorEmail: 'instructor@example.com',
        photoURL: '/media/courses/math.svg',
        description: course.description,
        targetedPeoples: 'Everyone',
        whyNeed: 'Because',
        keyPoints: ['Sets'],
        // From its reviews (the stored old text is not shown): 4 and 5 stars.
        ratings: '4.5 ratings out of 5',
        videos: {
          contents: [
            { title: 'Intro', videoURL: null },
            { title: 'Sets', videoURL: null },
          ],
        },
      },
    ]);
  });

  it('GET /api/courses?language=bn answers only the courses taught in Bangla, in the old shape', async () => {
    await makeCourse(given.db, { name: 'গণিত – অষ্টম শ্রেণি', language: CourseLanguage.BN });
    await makeCourse(given.db, { name: 'Algebra' });
    const bangla = await get<Named[]>('/api/courses?language=bn');
    const english = await get<Named[]>('/api/courses?language=en');
    expect(bangla.body.map((c) => c.name)).toEqual(['গণিত – অষ্টম শ্রেণি']);
    expect(Object.keys(bangla.body[0]).sort()).toEqual(Object.keys(english.body[0]).sort());
    expect(english.body.map((c) => c.name)).toEqual(['Algebra']);
    expect((await get('/api/courses')).body).toHaveLength(2);
    expect(await get('/api/courses?language=fr')).toEqual({
      status: 400,
      body: { message: 'language must be bn or en', code: 'BAD_USER_INPUT', category: 'BAD_USER_INPUT', field: 'language' },
    });
  });

  it('GET /api/courses pages when asked and refuses bad paging', async () => {
    for (let i = 1; i <= 3; i++) await makeCourse(given.db, { name: `C${i}` });
    expect((await get<Named[]>('/api/courses?offset=1&limit=1')).body.map((c) => c.name)).toEqual(['C2']);
    for (const [query, message] of [
      ['limit=-4', 'limit must be a whole number from 1 to 50'],
      ['limit=51', 'limit must be a whole number from 1 to 50'],
      ['limit=0', 'limit must be a whole number from 1 to 50'],
      ['limit=2.5', 'limit must be a whole number from 1 to 50'],
      ['offset=abc', 'offset must be a whole number from 0 to 100000'],
      ['offset=100001', 'offset must be a whole number from 0 to 100000'],
    ]) {
      expect(await get(`/api/courses?${query}`)).toEqual({
        status: 400,
        body: { message, code: 'BAD_USER_INPUT', category: 'BAD_USER_INPUT', field: query.split('=')[0] },
      });
    }
  });

  it('answers at most a page of 50 on every legacy list, the rest through offset', async () => {
    const many = 53;
    for (let i = 0; i < many; i++) await makeCourse(given.db, { name: `Course ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, many - i)) }, []);
    await given.db
      .getRepository(Review)
      .save(Array.from({ length: many }, (_, i) => ({ name: `R${i}`, text: 't', createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, many - i)) })));
    await given.db
      .getRepository(Blog)
      .save(
        Array.from({ length: many }, (_, i) => ({ title: `B${i}`, author: 'a', description: 'd', createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, many - i)) })),
      );
    const names = (body: Named[]) => body.map((item) => item.name ?? item.title);
    for (const [path, prefix] of [
      ['/api/courses', 'Course '],
      ['/Course.json', 'Course '],
      ['/reviews.json', 'R'],
      ['/blogs.json', 'B'],
    ]) {
      const first = await get<Named[]>(path);
      expect(first.status).toBe(200);
      expect(names(first.body)).toEqual(Array.from({ length: 50 }, (_, i) => `${prefix}${i}`));
      expect(names((await get<Named[]>(`${path}?offset=50`)).body)).toEqual([`${prefix}50`, `${prefix}51`, `${prefix}52`]);
      expect(names((await get<Named[]>(`${path}?offset=10&limit=2`)).body)).toEqual([`${prefix}10`, `${prefix}11`]);
      expect((await get(`${path}?limit=51`)).status).toBe(400);
    }
  });

  it('GET /api/courses/{id} answers one course, or null for an unknown id', async () => {
    const course = await makeCourse(given.db, { name: 'Biology' });
    expect((await get(`/api/courses/${course.id}`)).body).toMatchObject({ id: course.id, name: 'Biology' });
    expect(await get('/api/courses/00000000-0000-4000-8000-000000000000')).toEqual({ status: 200, body: null });
    expect(await get('/api/courses/42')).toEqual({ status: 200, body: null });
  });

  it('GET /api/courses/searchCourse/{text} searches like GraphQL', async () => {
    await makeCourse(given.db, { name: 'Class 9 Physics' });
    await makeCourse(given.db, { name: 'Web Development' });
    const { body } = await get<Named[]>('/api/courses/searchCourse/PHYS');
    expect(body.map((c) => c.name)).toEqual(['Class 9 Physics']);
    expect((await get('/api/courses/searchCourse/zoology')).body).toEqual([]);
  });

  it('serves Course.json, reviews.json and blogs.json in the old shapes', async () => {
    const course = await makeCourse(given.db, { name: 'Sketch from A-Z', price: 350, ratings: '4.1 ratings out of 5' });
    const review = await given.db.getRepository(Review).save({ name: 'Masud', info: 'Student', text: 'Great', img: '/a.svg' });
    const blog = await given.db.getRepository(Blog).save({ title: 'Maths', author: 'Srib', reads: 1075, description: 'd', img: '/b.svg' });
    expect((await get('/Course.json')).body).toEqual([
      // Nobody has rated it: no rating, whatever the old text said.
      { _id: course.id, name: 'Sketch from A-Z', img: '/media/courses/math.svg', des: course.description, rating: null, price: '$ 350' },
    ]);
    expect((await get('/reviews.json')).body).toEqual([{ _id: review.id, name: 'Masud', info: 'Student', text: 'Great', img: '/a.svg' }]);
    expect((await get('/blogs.json')).body).toEqual([{ _id: blog.id, title: 'Maths', author: 'Srib', reads: '1075', description: 'd', img: '/b.svg' }]);
  });

  it("answers an unknown API path with 404 and 'Route not found!'", async () => {
    expect(await get('/api/nothing/here')).toEqual({ status: 404, body: { message: 'Route not found!' } });
    const res = await fetch(`${given.app.url}/api/courses`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Route not found!' });
  });

  it.each(['/api/users/%ZZ', '/api/enroll/%ZZ', '/api/courses/searchCourse/%ZZ', '/api/courses/%E0%A4%A', '/api/users/getUserByEmail/100%'])(
    'answers 400 to the path %s, whose %%-escape cannot be decoded',
    async (path) => {
      expect(await get(path)).toEqual({ status: 400, body: { message: BAD_PERCENT_ENCODING, code: 'BAD_USER_INPUT', category: 'BAD_USER_INPUT' } });
    },
  );
});

describe('when the database fails', () => {
  it("answers 500 and 'Something went wrong!' without details", async () => {
    const broken = await openTestDatabase();
    const brokenApp = await startTestApp(broken);
    await broken.query('DROP TABLE "lesson", "course" CASCADE');
    try {
      const { status, body } = await fetchJson<{ message: string }>(`${brokenApp.url}/api/courses`);
      expect(status).toBe(500);
      expect(body.message).toBe('Something went wrong!');
      expect(JSON.stringify(body)).not.toMatch(/relation|SELECT|course"/i);
    } finally {
      await brokenApp.close();
      await closeTestDatabase(broken);
    }
  });
});

async function fetchJson<Body>(url: string): Promise<LegacyAnswer<Body>> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as Body };
}
