import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import type { Course } from '../course/course.entity';
import { Role } from '../../kernel/role';
import { Review } from './review.entity';

let course: Course;

const given = useAppPerFile();
beforeEach(async () => {
  course = await makeCourse(given.db, { name: 'Algebra', price: 0 });
});

const REVIEW = `mutation ($input: ReviewInput!) { submitReview(input: $input) { id rating text info name } }`;
const RATING = `query ($id: ID!) { course(id: $id) { averageRating ratingCount } reviews(courseId: $id) { total items { text rating } } }`;

async function enrolledStudent(email: string) {
  await makeUser(given.db, { email, name: email.split('@')[0] }, 'a password');
  const client = await signedInClient(given.app.url, email, 'a password');
  await client.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: course.id });
  return client;
}

describe('reviews', () => {
  it('lets an enrolled student rate a course; the course rating follows the stars', async () => {
    const rahim = await enrolledStudent('rahim@example.com');
    const karim = await enrolledStudent('karim@example.com');
    const first = await rahim.graphql(REVIEW, { input: { courseId: course.id, rating: 5, text: 'Very clear' } });
    expect(first.data).toMatchObject({ submitReview: { rating: 5, text: 'Very clear', info: 'Student from Algebra', name: 'rahim' } });
    await karim.graphql(REVIEW, { input: { courseId: course.id, rating: 2, text: 'Too fast' } });
    const { data } = (await given.app.graphql(RATING, { id: course.id })).body;
    expect(data).toMatchObject({ course: { averageRating: 3.5, ratingCount: 2 }, reviews: { total: 2 } });
  });

  it('keeps a review in Bangla as written, in NFC', async () => {
    const student = await enrolledStudent('nadia@example.com');
    const text = 'শিক্ষক প্রতিটি অধ্যা\u09DFের অঙ্ক ধাপে ধাপে বুঝিয়েছেন।';
    const { data } = await student.graphql(REVIEW, { input: { courseId: course.id, rating: 5, text } });
    expect(data).toMatchObject({ submitReview: { text: 'শিক্ষক প্রতিটি অধ্যা\u09AF\u09BCের অঙ্ক ধাপে ধাপে বুঝিয়েছেন।' } });
    expect((await given.app.graphql(RATING, { id: course.id })).body.data).toMatchObject({
      reviews: { items: [{ text: 'শিক্ষক প্রতিটি অধ্যা\u09AF\u09BCের অঙ্ক ধাপে ধাপে বুঝিয়েছেন।' }] },
    });
  });

  it('lists only the reviews of at least some stars when asked, and refuses a star count out of range', async () => {
    const rahim = await enrolledStudent('rahim@example.com');
    const karim = await enrolledStudent('karim@example.com');
    await rahim.graphql(REVIEW, { input: { courseId: course.id, rating: 5, text: 'Very clear' } });
    await karim.graphql(REVIEW, { input: { courseId: course.id, rating: 3, text: 'Fine' } });
    const HIGH = `query ($min: Int) { reviews(minRating: $min) { total items { text } } }`;
    expect((await given.app.graphql(HIGH, { min: 4 })).body.data).toEqual({ reviews: { total: 1, items: [{ text: 'Very clear' }] } });
    expect((await given.app.graphql(HIGH, { min: 3 })).body.data).toMatchObject({ reviews: { total: 2 } });
    expect((await given.app.graphql(HIGH, { min: 6 })).body.errors).toMatchObject([{ message: 'minRating must be a whole number from 1 to 5' }]);
  });

  it("tells the student reviews they wrote from the old site's testimonials, with the course's name", async () => {
    await given.db.getRepository(Review).insert({ name: 'Masud', info: 'Student from Web Design Course', text: 'Best trainers', img: null });
    const rahim = await enrolledStudent('rahim@example.com');
    await rahim.graphql(REVIEW, { input: { courseId: course.id, rating: 5, text: 'Very clear' } });
    const LIST = `query ($written: Boolean) { reviews(written: $written) { total items { text courseName } } }`;
    expect((await given.app.graphql(LIST, { written: true })).body.data).toEqual({
      reviews: { total: 1, items: [{ text: 'Very clear', courseName: 'Algebra' }] },
    });
    expect((await given.app.graphql(LIST, { written: false })).body.data).toEqual({
      reviews: { total: 1, items: [{ text: 'Best trainers', courseName: null }] },
    });
    expect((await given.app.graphql(LIST, {})).body.data).toMatchObject({ reviews: { total: 2 } });
  });

  it('shows a student their own review, which they can edit and delete', async () => {
    const rahim = await enrolledStudent('rahim@example.com');
    const karim = await enrolledStudent('karim@example.com');
    const MINE = `query ($id: ID!) { myReview(courseId: $id) { text rating } }`;
    const DELETE = `mutation ($id: ID!) { deleteMyReview(courseId: $id) }`;
    expect((await rahim.graphql(MINE, { id: course.id })).data).toEqual({ myReview: null });
    await rahim.graphql(REVIEW, { input: { courseId: course.id, rating: 2, text: 'First thoughts' } });
    await karim.graphql(REVIEW, { input: { courseId: course.id, rating: 5, text: 'Great' } });
    expect((await rahim.graphql(MINE, { id: course.id })).data).toEqual({ myReview: { text: 'First thoughts', rating: 2 } });
    await rahim.graphql(REVIEW, { input: { courseId: course.id, rating: 4, text: 'Better after lesson 3' } });
    expect((await rahim.graphql(MINE, { id: course.id })).data).toEqual({ myReview: { text: 'Better after lesson 3', rating: 4 } });
    expect((await rahim.graphql(DELETE, { id: course.id })).data).toEqual({ deleteMyReview: true });
    expect((await rahim.graphql(DELETE, { id: course.id })).data).toEqual({ deleteMyReview: false });
    expect((await rahim.graphql(MINE, { id: course.id })).data).toEqual({ myReview: null });
    expect((await karim.graphql(MINE, { id: course.id })).data).toEqual({ myReview: { text: 'Great', rating: 5 } });
    const { data } = (await given.app.graphql(RATING, { id: course.id })).body;
    expect(data).toMatchObject({ course: { averageRating: 5, ratingCount: 1 } });
    expect((await new HttpClient(given.app.url).graphql(DELETE, { id: course.id })).errors).toBeDefined();
  });

  it('keeps one review per student and course: writing again replaces it', async () => {
    const rahim = await enrolledStudent('rahim@example.com');
    await rahim.graphql(REVIEW, { input: { courseId: course.id, rating: 2, text: 'First thoughts' } });
    await rahim.graphql(REVIEW, { input: { courseId: course.id, rating: 4, text: 'Better after lesson 3' } });
    expect(await given.db.getRepository(Review).count()).toBe(1);
    const { data } = (await given.app.graphql(RATING, { id: course.id })).body;
    expect(data).toMatchObject({ course: { averageRating: 4, ratingCount: 1 }, reviews: { items: [{ text: 'Better after lesson 3', rating: 4 }] } });
  });

  it('refuses a student who is not enrolled, and an instructor', async () => {
    await makeUser(given.db, { email: 'outsider@example.com' }, 'a password');
    const outsider = await signedInClient(given.app.url, 'outsider@example.com', 'a password');
    const refused = await outsider.graphql(REVIEW, { input: { courseId: course.id, rating: 5, text: 'Great' } });
    expect(refused.errors![0]).toMatchObject({
      message: 'Only students enrolled in this course can review it',
      extensions: { code: 'NOT_ENROLLED', category: 'FORBIDDEN' },
    });
    await makeUser(given.db, { email: 'teacher@example.com', role: Role.INSTRUCTOR }, 'a password');
    const teacher = await signedInClient(given.app.url, 'teacher@example.com', 'a password');
    expect((await teacher.graphql(REVIEW, { input: { courseId: course.id, rating: 5, text: 'Mine' } })).errors![0].extensions?.code).toBe('FORBIDDEN');
    expect(await given.db.getRepository(Review).count()).toBe(0);
  });

  it('needs stars from 1 to 5 and some words', async () => {
    const rahim = await enrolledStudent('rahim@example.com');
    const { errors } = await rahim.graphql(REVIEW, { input: { courseId: course.id, rating: 0, text: ' ' } });
    expect(errors![0].extensions?.fields).toEqual({ rating: 'Choose a rating from 1 to 5 stars', text: 'Write a few words about the course' });
    expect(await given.db.getRepository(Review).count()).toBe(0);
  });

  it('lets an admin hide a review from every list, the rating and reviews.json', async () => {
    const rahim = await enrolledStudent('rahim@example.com');
    const review = (await rahim.graphql<{ submitReview: { id: string } }>(REVIEW, { input: { courseId: course.id, rating: 1, text: 'Spam spam' } })).data!
      .submitReview;
    await makeUser(given.db, { email: 'boss@example.com', role: Role.ADMIN }, 'a password');
    const admin = await signedInClient(given.app.url, 'boss@example.com', 'a password');
    await admin.graphql(`mutation ($id: ID!) { setReviewHidden(id: $id, hidden: true) { id } }`, { id: review.id });
    const { data } = (await given.app.graphql(RATING, { id: course.id })).body;
    expect(data).toMatchObject({ course: { averageRating: null, ratingCount: 0 }, reviews: { total: 0 } });
    expect(await (await new HttpClient(given.app.url).request('/reviews.json')).json()).toEqual([]);
  });
});
