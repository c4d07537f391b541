import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { PDFParse } from 'pdf-parse';
import type { Browser, Page } from 'playwright-core';
import { newEmail, signUp } from './support/accounts';
import { baseUrl, expectText, launchBrowser, openPage } from './support/browser';
import { sql } from './support/database';

let browser: Browser;
let course: { id: string; name: string; lessonIds: string[] };
let instructor: string;

/** A GraphQL call as a client of the API, signed in with `token` when given. */
async function api<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: Array<{ message: string }> };
  assert.equal(body.errors, undefined, JSON.stringify(body.errors));
  return body.data!;
}

const tokenFor = async (email: string, password: string) =>
  (
    await api<{ login: { accessToken: string } }>(`mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken } }`, {
      e: email,
      p: password,
    })
  ).login.accessToken;

/** Plays the video on screen to its end, fast and muted. */
async function playToEnd(page: Page, testId = 'lesson-video') {
  await page.getByTestId(testId).evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    el.playbackRate = 16;
    return el.play();
  });
}

before(async () => {
  browser = await launchBrowser();
  // A short course of two lessons by the demo instructor, the first a free preview, each two minutes long.
  const name = `Short Course ${Date.now()}`;
  const [teacher] = await sql(`SELECT id, name, email FROM "user" WHERE email = 'instructor@shikhon.test'`);
  instructor = teacher.name as string;
  const [row] = await sql(
    `INSERT INTO course (name, description, price, "priceBDT", instructor, "instructorEmail", "instructorId", category, published, "photoURL")
     VALUES ($1, 'Two quick lessons.', 5, 600, $2, $3, $4, 'PROFESSIONAL', true, '/media/courses/math.svg') RETURNING id`,
    [name, teacher.name, teacher.email, teacher.id],
  );
  const id = row.id as string;
  const lessons = await sql(
    `INSERT INTO lesson ("courseId", title, position, "videoURL", preview, "durationSeconds")
     VALUES ($1, 'Getting started', 1, '/media/videos/lesson-1.webm', true, 120), ($1, 'Wrapping up', 2, '/media/videos/lesson-2.webm', false, 120)
     RETURNING id, position`,
    [id],
  );
  course = { id, name, lessonIds: lessons.sort((a, b) => Number(a.position) - Number(b.position)).map((l) => l.id as string) };
});
after(() => browser.close());

describe('finishing a course', () => {
  it('a student completes a short course, gets a certificate anyone can verify, and a refund revokes it', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    const email = newEmail('finisher');
    await signUp(page, { name: 'Farhana Akter', email, password: 'a good password' });
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    const token = await tokenFor(email, 'a good password');
    await api(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id, paymentMethod: "pm_card_visa" }) { status } }`, { id: course.id }, token);

    await page.goto('/mycourses');
    const card = page.getByTestId('enrollment').filter({ hasText: course.name });
    await card.getByText('0 of 2 lessons', { exact: true }).waitFor();
    await card.getByRole('link', { name: 'Start Course' }).click();
    await page.waitForURL(/\/myCourseplay\//i);
    // The player opens on the first lesson at once.
    await page
      .getByTestId('current-lesson')
      .filter({ hasText: /^1\. Getting started$/ })
      .waitFor();
    assert.equal(await page.getByText('Please select a video to play!').count(), 0);

    // The first lesson ends: it is done, and after a short countdown the next one plays.
    await playToEnd(page);
    await expectText(page, '1 of 2 lessons · 50%');
    await page.getByTestId('auto-advance').waitFor();
    await page
      .getByTestId('current-lesson')
      .filter({ hasText: /^2\. Wrapping up$/ })
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('auto-advance').waitFor({ state: 'detached' });

    await playToEnd(page);
    await expectText(page, '2 of 2 lessons · 100%');
    await expectText(page, 'Congratulations! You have completed this course.');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download it (PDF)' }).click();
    const file = await (await download).path();
    const { text } = await new PDFParse({ data: new Uint8Array(fs.readFileSync(file)) }).getText();
    for (const line of ['Certificate of Completion', 'Farhana Akter', course.name, `Instructor: ${instructor}`])
      assert.ok(text.includes(line), `the PDF says ${line}`);
    const number = /Certificate number: (SHK-[0-9A-Z]{10})/.exec(text)?.[1];
    assert.ok(number, 'the PDF carries its number');

    await page.goto('/mycourses');
    await card.getByText('2 of 2 lessons', { exact: true }).waitFor();
    await card.getByText('Completed', { exact: true }).waitFor();
    await page.goto('/myprofile');
    const listed = page.getByTestId('my-certificate').filter({ hasText: course.name });
    await listed.getByRole('link', { name: 'Download', exact: true }).waitFor();
    await listed.getByRole('link', { name: number }).click();
    await page.waitForURL(`**/certificate/${number}`);
    visit.assertNoErrors();
    await visit.close();

    // Anyone, signed out, can check it: valid, for whom and what, without contact details.
    const stranger = await openPage(browser);
    await stranger.page.goto(`/certificate/${number}`);
    await expectText(stranger.page, 'This certificate is valid.');
    for (const fact of ['Farhana Akter', course.name, instructor, number]) await expectText(stranger.page, fact);
    assert.ok(!(await stranger.page.content()).includes(email), 'the page does not show the email');

    const admin = await tokenFor('admin@shikhon.test', 'Admin123!');
    const [enrollment] = await sql(`SELECT e.id FROM enrollment e JOIN "user" u ON u.id = e."studentId" WHERE u.email = $1`, [email]);
    await api(`mutation ($id: ID!) { refundEnrollment(enrollmentId: $id, refundCase: COURSE_CANCELLED) { percent } }`, { id: enrollment.id }, admin);
    await stranger.page.reload();
    await expectText(stranger.page, 'This certificate has been revoked.');
    await expectText(stranger.page, 'Revoked');
    stranger.assertNoErrors();
    await stranger.close();
  });

  it('a visitor plays a free preview lesson from the course page and is refused the others', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto(`/course/${course.id}`);
    const lessons = page.getByTestId('course-lesson');
    await lessons.first().waitFor();
    assert.equal(await page.getByRole('button', { name: /^Preview: / }).count(), 1, 'only the preview lesson has a Preview button');
    await page.getByRole('button', { name: 'Preview: Getting started' }).click();
    await expectText(page, 'Free preview: 1. Getting started');
    const video = page.getByTestId('lesson-preview').getByTestId('lesson-video');
    await video.evaluate((el: HTMLVideoElement) => {
      el.muted = true;
      return el.play();
    });
    await page.waitForFunction(() => (document.querySelector('[data-testid="lesson-preview"] video') as HTMLVideoElement).currentTime > 0);

    await page.goto(`/course/${course.id}?preview=${course.lessonIds[1]}`);
    await expectText(page, 'This lesson is not a free preview. Enroll in this course to watch it.');
    assert.equal(await page.getByTestId('lesson-video').count(), 0);
    // The server gives a visitor the preview's address only.
    const { course: answer } = await api<{ course: { lessons: Array<{ videoURL: string | null }> } }>(
      `query ($id: ID!) { course(id: $id) { lessons { videoURL } } }`,
      { id: course.id },
    );
    assert.deepEqual(
      answer.lessons.map((l) => l.videoURL),
      ['/media/videos/lesson-1.webm', null],
    );

    // A catalogue card's Preview opens its course's first preview lesson.
    await page.goto('/allCourses?section=FREE');
    await page.getByTestId('course-card').first().getByRole('link', { name: 'Preview' }).click();
    await page.waitForURL(/\/course\/[0-9a-f-]{36}\?preview=first$/);
    await page.getByTestId('lesson-preview').getByTestId('lesson-video').waitFor();
    visit.assertNoErrors();
    await visit.close();
  });

  it('shows the course page figures the database holds', async () => {
    await sql(`INSERT INTO review (name, text, "courseId", rating) VALUES ('A', 'Clear', $1, 5), ('B', 'Good', $1, 4)`, [course.id]);
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto(`/course/${course.id}`);
    const [db] = await sql<{ lessons: number; seconds: number | null; students: number; rating: number | null; reviews: number; updated: string }>(
      `SELECT (SELECT count(*)::int FROM lesson WHERE "courseId" = $1) AS lessons,
              (SELECT sum("durationSeconds")::int FROM lesson WHERE "courseId" = $1) AS seconds,
              (SELECT count(*)::int FROM enrollment WHERE "courseId" = $1 AND "revokedAt" IS NULL) AS students,
              (SELECT round(avg(rating), 1)::float FROM review WHERE "courseId" = $1 AND NOT hidden) AS rating,
              (SELECT count(*)::int FROM review WHERE "courseId" = $1 AND NOT hidden AND rating IS NOT NULL) AS reviews,
              (SELECT to_char("contentUpdatedAt" AT TIME ZONE 'Asia/Dhaka', 'FMDD FMMonth YYYY') FROM course WHERE id = $1) AS updated`,
      [course.id],
    );
    await expectText(page, `Enrolled students: ${db.students}`);
    await expectText(page, `${db.lessons} videos`);
    await expectText(page, `${Math.round(Number(db.seconds) / 60)} min`);
    await expectText(page, `${db.lessons} lessons · ${Math.round(Number(db.seconds) / 60)} min Length`);
    await expectText(page, `${db.rating} from ${db.reviews} reviews`);
    await page.getByTestId('course-rating').getByText(`${db.rating} from ${db.reviews} reviews`).waitFor();
    await expectText(page, `Last updated ${db.updated}`);
    for (const invented of ['500 hours + Length', '120+ Quizzes', '12 Assignment', 'Total quiz', 'Total Assignment']) {
      assert.equal(await page.getByText(invented).count(), 0, `no ${invented}`);
    }
    visit.assertNoErrors();
    await visit.close();
  });
});
