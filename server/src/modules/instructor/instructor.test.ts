import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { Course } from '../course/course.entity';
import { Lesson } from '../course/lesson.entity';
import { Role } from '../../kernel/role';
import type { User } from '../user/user.entity';
import { Review } from '../review/review.entity';
import { LessonVideo, VideoStatus } from '../video/lesson-video.entity';

let teacher: User;
let instructor: HttpClient;

const given = useAppPerFile();
beforeEach(async () => {
  teacher = await makeUser(given.db, { email: 'teacher@example.com', name: 'Anisul Hoque', role: Role.INSTRUCTOR }, 'teacher password');
  instructor = await signedInClient(given.app.url, 'teacher@example.com', 'teacher password');
});

const buy = async (email: string, courseId: string, paymentMethod = 'pm_card_visa') => {
  await makeUser(given.db, { email, name: email.split('@')[0] }, 'buyer password');
  const student = await signedInClient(given.app.url, email, 'buyer password');
  return student.graphql(`mutation ($id: ID!, $pm: String) { purchaseCourse(input: { courseId: $id, paymentMethod: $pm }) { status } }`, {
    id: courseId,
    pm: paymentMethod,
  });
};

const validCourse = {
  name: 'Class 9 Physics',
  description: 'Motion, force and energy.',
  price: 15,
  photoURL: 'https://images.example/physics.png',
  category: 'SCHOOL',
  classLevel: 9,
  keyPoints: ['Motion', 'Force'],
  targetedPeoples: 'Class 9 students',
  whyNeed: 'The base of SSC physics',
  lessons: [
    { title: 'Motion', videoURL: '/media/videos/lesson-1.webm' },
    { title: 'Force', videoURL: 'https://www.youtube.com/embed/abc' },
  ],
};
const CREATE = `mutation ($input: CourseInput!) { createCourse(input: $input) { id name published instructor lessons { id title position } } }`;
type Created = {
  createCourse: { id: string; name: string; published: boolean; instructor: string; lessons: Array<{ id: string; title: string; position: number }> };
};

describe('the instructor overview', () => {
  it('computes revenue, rating, courses and students from their own courses only', async () => {
    const own = await makeCourse(given.db, { instructorId: teacher.id, price: 20 });
    const ownFree = await makeCourse(given.db, { instructorId: teacher.id, price: 0 });
    const someoneElses = await makeCourse(given.db, { price: 50 });
    await buy('a@example.com', own.id);
    await buy('b@example.com', own.id);
    await buy('b2@example.com', own.id, 'pm_card_chargeDeclined');
    await buy('c@example.com', ownFree.id, '');
    await buy('d@example.com', someoneElses.id);
    // Ratings come from the stars students gave the instructor's own courses.
    await given.db.getRepository(Review).save([
      { name: 'a', text: 'Good', courseId: own.id, rating: 4 },
      { name: 'c', text: 'Great', courseId: ownFree.id, rating: 5 },
      { name: 'x', text: 'Hidden', courseId: own.id, rating: 1, hidden: true },
      { name: 'd', text: 'Elsewhere', courseId: someoneElses.id, rating: 1 },
    ]);
    const { data } = await instructor.graphql(`{ instructorOverview { totalRevenue averageRating totalCourses totalStudents } }`);
    expect(data).toEqual({ instructorOverview: { totalRevenue: 40, averageRating: 4.5, totalCourses: 2, totalStudents: 3 } });
    const students = await instructor.graphql<{ instructorStudents: { total: number; items: Array<{ email: string; courseName: string }> } }>(
      `{ instructorStudents(search: "A@EXAMPLE", limit: 10) { total items { email courseName } } }`,
    );
    expect(students.data!.instructorStudents).toEqual({ total: 1, items: [{ email: 'a@example.com', courseName: own.name }] });
  });
});

describe('writing courses', () => {
  it('proposes the taka price from the dollar price unless the instructor sets one, and keeps free courses free in both', async () => {
    const PRICES = `mutation ($input: CourseInput!) { createCourse(input: $input) { price priceBDT } }`;
    const proposed = await instructor.graphql<{ createCourse: { priceBDT: number } }>(PRICES, { input: { ...validCourse, price: 12 } });
    expect(proposed.data!.createCourse).toEqual({ price: 12, priceBDT: 1450 });
    const own = await instructor.graphql(PRICES, { input: { ...validCourse, price: 12, priceBDT: 1200 } });
    expect(own.data).toEqual({ createCourse: { price: 12, priceBDT: 1200 } });
    const mixed = await instructor.graphql(PRICES, { input: { ...validCourse, price: 0, priceBDT: 500 } });
    expect(mixed.errors![0].extensions).toMatchObject({ fields: { priceBDT: 'A free course is free in both currencies: set both prices to 0, or neither' } });
    const fraction = await instructor.graphql(PRICES, { input: { ...validCourse, price: 12, priceBDT: -5 } });
    expect(fraction.errors![0].extensions).toMatchObject({ fields: { priceBDT: 'The taka price must be a whole number from 0 to 20,00,000' } });
    expect((await given.app.graphql(`{ proposedTakaPrice(dollars: 9.99) }`)).body.data).toEqual({ proposedTakaPrice: 1200 });
    // The same proposals as Money, as the course editor asks for them.
    expect(
      (await given.app.graphql(`{ takaPriceProposal(dollars: 9.99) { amount currency } usdPriceProposal(taka: 500) { amount currency } }`)).body.data,
    ).toEqual({
      takaPriceProposal: { amount: 120_000, currency: 'BDT' },
      usdPriceProposal: { amount: 400, currency: 'USD' },
    });
  });

  it('creates a draft with its ordered lessons, then publishes it into the catalogue and search', async () => {
    const { data, errors } = await instructor.graphql<Created>(CREATE, { input: validCourse });
    expect(errors).toBeUndefined();
    const created = data!.createCourse;
    expect(created).toMatchObject({ name: 'Class 9 Physics', published: false, instructor: 'Anisul Hoque' });
    expect(created.lessons.map((l) => [l.position, l.title])).toEqual([
      [1, 'Motion'],
      [2, 'Force'],
    ]);
    const before = await given.app.graphql<{ searchCourses: unknown[] }>(`{ searchCourses(text: "physics") { id } }`);
    expect(before.body.data!.searchCourses).toEqual([]);
    await instructor.graphql(`mutation ($id: ID!) { setCoursePublished(id: $id, published: true) { published } }`, { id: created.id });
    const after = await given.app.graphql<{ searchCourses: Array<{ id: string }> }>(`{ searchCourses(text: "physics") { id } }`);
    expect(after.body.data!.searchCourses).toEqual([{ id: created.id }]);
  });

  it('refuses to publish a course with a lesson that has neither a video address nor a ready uploaded video, in the viewer’s language', async () => {
    const PUBLISH = `mutation ($id: ID!) { setCoursePublished(id: $id, published: true) { published } }`;
    const input = { ...validCourse, lessons: [validCourse.lessons[0], { title: 'Force' }] };
    const created = (await instructor.graphql<Created>(CREATE, { input })).data!.createCourse;
    const refused = await instructor.graphql(PUBLISH, { id: created.id });
    expect(refused.errors![0]).toMatchObject({
      message: 'Lesson 2 has no video. Add a video address or upload a video to it before publishing the course.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    instructor.cookies.set('lang', 'bn');
    const inBangla = await instructor.graphql(PUBLISH, { id: created.id });
    expect(inBangla.errors![0].message).toBe('২ নম্বর পাঠে কোনো ভিডিও নেই। কোর্সটি প্রকাশের আগে এতে একটি ভিডিওর ঠিকানা দিন বা একটি ভিডিও আপলোড করুন।');
    instructor.cookies.delete('lang');
    expect(await given.db.getRepository(Course).findOneByOrFail({ id: created.id })).toMatchObject({ published: false, reviewRequestedAt: null });

    // A failed upload is no video; one still on its way is not yet either: only a ready one is.
    const force = created.lessons[1];
    const upload = { lessonId: force.id, uploadedById: teacher.id, fileName: 'force.mp4', sizeBytes: 1000 };
    await given.db.getRepository(LessonVideo).insert({ ...upload, status: VideoStatus.FAILED });
    expect((await instructor.graphql(PUBLISH, { id: created.id })).errors![0].message).toMatch(/^Lesson 2 has no video/);
    const processing = await given.db.getRepository(LessonVideo).save({ ...upload, status: VideoStatus.PROCESSING });
    expect((await instructor.graphql(PUBLISH, { id: created.id })).errors![0]).toMatchObject({
      message: 'The video of lesson 2 is still being processed. Publish the course once it is ready (the course editor shows its progress).',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    instructor.cookies.set('lang', 'bn');
    expect((await instructor.graphql(PUBLISH, { id: created.id })).errors![0].message).toBe(
      '২ নম্বর পাঠের ভিডিওটি এখনো প্রসেস হচ্ছে। ভিডিওটি তৈরি হলে কোর্সটি প্রকাশ করুন (কোর্স এডিটরে এর অগ্রগতি দেখা যায়)।',
    );
    instructor.cookies.delete('lang');
    expect(await given.db.getRepository(Course).findOneByOrFail({ id: created.id })).toMatchObject({ published: false, reviewRequestedAt: null });
    await given.db.getRepository(LessonVideo).update(processing.id, { status: VideoStatus.READY });
    const published = await instructor.graphql<{ setCoursePublished: { published: boolean } }>(PUBLISH, { id: created.id });
    expect(published.errors).toBeUndefined();
    expect(published.data!.setCoursePublished.published).toBe(true);
  });

  it('refuses a legacy POST /api/courses whose lesson has no video address, and creates nothing', async () => {
    const res = await instructor.request('/api/courses', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'No videos', price: 10, description: 'Empty', videos: { contents: [{ title: 'Intro' }] } }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Lesson 1 has no video. Add a video address or upload a video to it before publishing the course.',
    );
    expect(await given.db.getRepository(Course).countBy({ name: 'No videos' })).toBe(0);
  });

  it('writes a Bangla course as typed (in NFC), in the language the instructor chose, and keeps the language on an edit that leaves it out', async () => {
    const LANGUAGE = `mutation ($input: CourseInput!) { createCourse(input: $input) { id name description language keyPoints lessons { title } } }`;
    const english = await instructor.graphql<{ createCourse: { language: string } }>(LANGUAGE, { input: validCourse });
    expect(english.data!.createCourse.language).toBe('EN');
    const bangla = {
      ...validCourse,
      // য় typed as one character: stored in NFC, as য and a nukta.
      name: 'পদার্থবিজ্ঞান – নবম-দশম শ্রেণি',
      description: 'গতি, বল ও শক্তি: প্রতিটি অধ্যা\u09DFে অনুশীলনী।',
      keyPoints: ['নিউটনের গতিসূত্র'],
      lessons: [{ title: 'প্রথম অধ্যায়: ভৌত রাশি', videoURL: '/media/videos/lesson-1.webm' }],
      language: 'BN',
    };
    const { data, errors } = await instructor.graphql<{
      createCourse: { id: string; name: string; description: string; language: string; keyPoints: string[]; lessons: Array<{ title: string }> };
    }>(LANGUAGE, { input: bangla });
    expect(errors).toBeUndefined();
    expect(data!.createCourse).toMatchObject({
      name: 'পদার্থবিজ্ঞান – নবম-দশম শ্রেণি',
      description: 'গতি, বল ও শক্তি: প্রতিটি অধ্যা\u09AF\u09BCে অনুশীলনী।',
      language: 'BN',
      keyPoints: ['নিউটনের গতিসূত্র'],
      lessons: [{ title: 'প্রথম অধ্যায়: ভৌত রাশি' }],
    });
    const UPDATE = `mutation ($id: ID!, $input: CourseInput!) { updateCourse(id: $id, input: $input) { language } }`;
    const { language: _language, ...withoutLanguage } = bangla;
    expect((await instructor.graphql(UPDATE, { id: data!.createCourse.id, input: withoutLanguage })).data).toEqual({ updateCourse: { language: 'BN' } });
    expect((await instructor.graphql(UPDATE, { id: data!.createCourse.id, input: { ...bangla, language: 'EN' } })).data).toEqual({
      updateCourse: { language: 'EN' },
    });
    const wrong = await instructor.graphql(UPDATE, { id: data!.createCourse.id, input: { ...bangla, language: 'FR' } });
    expect(wrong.errors![0].message).toContain('CourseLanguage');
  });

  it('names every wrong field', async () => {
    const { errors } = await instructor.graphql(CREATE, {
      input: { ...validCourse, name: ' ', price: -1, category: 'SCHOOL', classLevel: 13, photoURL: 'ftp://x', lessons: [{ title: '', videoURL: 'nope' }] },
    });
    expect(errors![0].extensions?.fields).toEqual({
      name: 'Name is required',
      price: 'Price must be from 0 to 10000 dollars, with at most 2 decimals',
      photoURL: 'Photo URL must start with https://',
      classLevel: 'A school course needs a class from 1 to 12',
      'lessons.0.title': 'Lesson 1 needs a title',
      'lessons.0.videoURL': 'Lesson 1: the video URL must be a web address',
    });
    expect(await given.db.getRepository(Course).count()).toBe(0);
  });

  it.each([19.99, 4.35, 0.07, 1234.56, 10_000])('accepts the price %p', async (price) => {
    const { data, errors } = await instructor.graphql<{ createCourse: { price: number } }>(
      `mutation ($input: CourseInput!) { createCourse(input: $input) { price } }`,
      { input: { ...validCourse, price } },
    );
    expect(errors).toBeUndefined();
    expect(data!.createCourse.price).toBe(price);
  });

  it.each([1.005, 19.999, 0.001, 10_000.01])('refuses the price %p', async (price) => {
    const { errors } = await instructor.graphql(CREATE, { input: { ...validCourse, price } });
    expect(errors![0].extensions?.fields).toEqual({ price: 'Price must be from 0 to 10000 dollars, with at most 2 decimals' });
  });

  it('refuses texts over their limits and addresses that are not bounded http(s) URLs, storing nothing', async () => {
    const longUrl = `https://images.example/${'a'.repeat(2048)}`;
    const { errors } = await instructor.graphql(CREATE, {
      input: {
        ...validCourse,
        name: 'n'.repeat(151),
        description: 'd'.repeat(5001),
        targetedPeoples: 't'.repeat(2001),
        whyNeed: 'w'.repeat(2001),
        photoURL: longUrl,
        keyPoints: ['k'.repeat(201)],
        lessons: [
          { title: 'l'.repeat(201), videoURL: 'javascript:alert(1)' },
          { title: 'Fine', videoURL: 'https://' },
          { title: 'Also fine', videoURL: `https://videos.example/${'v'.repeat(2048)}` },
        ],
      },
    });
    expect(errors![0].extensions?.fields).toEqual({
      name: 'Name must be at most 150 characters',
      description: 'Description must be at most 5000 characters',
      photoURL: 'Photo URL must be at most 2048 characters',
      keyPoints: 'At most 20 key points of 200 characters each',
      targetedPeoples: 'Who the course is for must be at most 2000 characters',
      whyNeed: 'Why learners need it must be at most 2000 characters',
      'lessons.0.title': 'Lesson 1: the title must be at most 200 characters',
      'lessons.0.videoURL': 'Lesson 1: the video URL must start with https://',
      'lessons.1.videoURL': 'Lesson 2: the video URL must be a web address',
      'lessons.2.videoURL': 'Lesson 3: the video URL must be at most 2048 characters',
    });
    expect(await given.db.getRepository(Course).count()).toBe(0);
  });

  it('refuses a student search over 100 characters', async () => {
    const { errors } = await instructor.graphql(`query ($s: String) { instructorStudents(search: $s) { total } }`, { s: 'x'.repeat(101) });
    expect(errors![0]).toMatchObject({
      message: 'Search must be at most 100 characters',
      extensions: { code: 'TEXT_TOO_LONG', category: 'BAD_USER_INPUT', field: 'search', max: 100 },
    });
  });

  it('reorders, keeps, adds and removes lessons on edit, keeping the ids of kept lessons', async () => {
    const created = (await instructor.graphql<Created>(CREATE, { input: validCourse })).data!.createCourse;
    const [motion, force] = created.lessons;
    const { data } = await instructor.graphql<{ updateCourse: { lessons: Array<{ id: string; title: string; position: number }> } }>(
      `mutation ($id: ID!, $input: CourseInput!) { updateCourse(id: $id, input: $input) { lessons { id title position } } }`,
      {
        id: created.id,
        input: {
          ...validCourse,
          lessons: [
            { id: force.id, title: 'Force and motion', videoURL: '/media/videos/lesson-2.webm' },
            { title: 'Energy', videoURL: '/media/videos/lesson-3.webm' },
          ],
        },
      },
    );
    expect(data!.updateCourse.lessons.map((l) => [l.position, l.title])).toEqual([
      [1, 'Force and motion'],
      [2, 'Energy'],
    ]);
    expect(data!.updateCourse.lessons[0].id).toBe(force.id);
    expect(await given.db.getRepository(Lesson).existsBy({ id: motion.id })).toBe(false);
  });

  it('lets only the owner or an admin edit, and refuses to delete a course with students', async () => {
    const course = await makeCourse(given.db, { instructorId: teacher.id, price: 0 });
    await makeUser(given.db, { email: 'rival@example.com', role: Role.INSTRUCTOR }, 'rival password');
    const rival = await signedInClient(given.app.url, 'rival@example.com', 'rival password');
    const stolen = await rival.graphql(`mutation ($id: ID!) { setCoursePublished(id: $id, published: false) { id } }`, { id: course.id });
    expect(stolen.errors![0]).toMatchObject({ message: 'You can only edit your own courses', extensions: { code: 'FORBIDDEN' } });
    await buy('learner@example.com', course.id, '');
    const deleted = await instructor.graphql(`mutation ($id: ID!) { deleteCourse(id: $id) }`, { id: course.id });
    expect(deleted.errors![0]).toMatchObject({
      message: 'This course has students, so it cannot be deleted. Unpublish it instead.',
      extensions: { code: 'CONFLICT' },
    });
    const unpublished = await instructor.graphql<{ setCoursePublished: { published: boolean } }>(
      `mutation ($id: ID!) { setCoursePublished(id: $id, published: false) { published } }`,
      { id: course.id },
    );
    expect(unpublished.data!.setCoursePublished.published).toBe(false);
    const empty = await makeCourse(given.db, { instructorId: teacher.id });
    expect((await instructor.graphql(`mutation ($id: ID!) { deleteCourse(id: $id) }`, { id: empty.id })).data).toEqual({ deleteCourse: true });
  });

  it('creates a course through the legacy POST /api/courses, published, in the old shape', async () => {
    const res = await instructor.request('/api/courses', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Sketch from A-Z',
        price: 350,
        description: 'Design',
        photoURL: '/media/courses/design.svg',
        keyPoints: ['Symbols'],
        videos: { contents: [{ title: 'Intro', videoURL: '/media/videos/lesson-1.webm' }] },
      }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      id: string;
      name: string;
      instructor: string;
      videos: { contents: Array<{ title: string; videoURL: string | null }> };
    };
    expect(body).toMatchObject({
      name: 'Sketch from A-Z',
      instructor: 'Anisul Hoque',
      videos: { contents: [{ title: 'Intro', videoURL: '/media/videos/lesson-1.webm' }] },
    });
    expect((await given.db.getRepository(Course).findOneByOrFail({ id: body.id })).published).toBe(true);
  });
});
