import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { logIn, newEmail, signUp } from './support/accounts';
import { launchBrowser } from './support/browser';
import { bangla, text } from './support/catalogues';
import { latestMailTo, sql } from './support/database';
import { assertNoSidewaysScroll, openPhone } from './support/phone';

let browser: Browser;
let course: { id: string; lessonId: string; lesson: string };

const bn = (key: string) => text(bangla, key);

before(async () => {
  browser = await launchBrowser();
  // A course of the demo instructor's, of one lesson.
  const [teacher] = await sql<{ id: string; name: string; email: string }>(`SELECT id, name, email FROM "user" WHERE email = 'instructor@shikhon.test'`);
  const [row] = await sql<{ id: string }>(
    `INSERT INTO course (name, description, price, "priceBDT", instructor, "instructorEmail", "instructorId", category, published, "photoURL")
     VALUES ($1, 'বল ও গতি।', 0, 0, $2, $3, $4, 'PROFESSIONAL', true, '/media/courses/math.svg') RETURNING id`,
    [`বল ও গতি ${Date.now()}`, teacher.name, teacher.email, teacher.id],
  );
  const [lesson] = await sql<{ id: string }>(
    `INSERT INTO lesson ("courseId", title, position, "videoURL", preview, "durationSeconds")
     VALUES ($1, 'নিউটনের দ্বিতীয় সূত্র', 1, '/media/videos/lesson-1.webm', false, 120) RETURNING id`,
    [row.id],
  );
  course = { id: row.id, lessonId: lesson.id, lesson: 'নিউটনের দ্বিতীয় সূত্র' };
});
// The course leaves the catalogue with the file: the files after it in its lane count on the catalogue's own courses.
after(async () => {
  await sql(`UPDATE course SET published = false WHERE id = $1`, [course.id]);
  await browser.close();
});

/** The player at the course's lesson, in Bangla, with its questions drawn. */
async function openLesson(page: Page) {
  await page.goto(`/myCoursePlay/${course.id}?lesson=${course.lessonId}&lang=bn`);
  await page.getByTestId('current-lesson').filter({ hasText: course.lesson }).waitFor();
  const panel = page.getByTestId('lesson-questions');
  await panel.getByRole('heading', { name: bn('player.qa.title') }).waitFor();
  return panel;
}

/** A real 1×1 PNG: the photo a student sends with the question. */
const NOTEBOOK_PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('questions to the instructor under a lesson, on a phone, in Bangla', () => {
  it('a student asks with a formula, the course’s instructor answers, and the student sees the instructor’s answer', async () => {
    const student = await openPhone(browser);
    const email = newEmail('asker');
    await signUp(student.page, { name: 'শিক্ষার্থী মিতু', email, password: 'a good password' });
    await student.page.waitForURL((url) => url.pathname === '/');
    // Enrolled as a purchase would (payments have their own tests).
    await sql(
      `INSERT INTO enrollment ("studentId", "courseId", "courseName", "courseDescription", email)
       SELECT u.id, c.id, c.name, c.description, u.email FROM "user" u, course c WHERE u.email = $1 AND c.id = $2`,
      [email, course.id],
    );

    // The student asks, with a formula previewed as it will look.
    let panel = await openLesson(student.page);
    await panel.getByText(bn('player.qa.none')).waitFor();
    const question = 'বল $F = ma$ হলে ভর দ্বিগুণ করলে $x^2$ এর মতো বাড়ে কি?';
    await panel.getByRole('textbox', { name: bn('player.qa.askLabel') }).fill(question);
    await panel.getByTestId('ask-form-preview').locator('.katex').first().waitFor();
    // With a photo of the sum from the notebook.
    await panel.getByLabel(bn('player.qa.picture')).setInputFiles({ name: 'অঙ্ক.png', mimeType: 'image/png', buffer: NOTEBOOK_PHOTO });
    await panel.getByText('অঙ্ক.png').waitFor();
    await assertNoSidewaysScroll(student.page);
    await panel.getByRole('button', { name: bn('player.qa.send') }).click();
    const asked = panel.getByTestId('lesson-question');
    await asked.waitFor();
    assert.equal(await asked.getByTestId('question-text').locator('.katex').count(), 2, 'both formulas drawn');
    assert.equal(await panel.getByRole('textbox', { name: bn('player.qa.askLabel') }).inputValue(), '');
    await assertNoSidewaysScroll(student.page);

    // The course's instructor, on a phone of their own, answers it.
    const teacher = await openPhone(browser);
    await teacher.page.goto('/login');
    await logIn(teacher.page, 'instructor@shikhon.test', 'Instructor123!');
    await teacher.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    panel = await openLesson(teacher.page);
    const theirs = panel.getByTestId('lesson-question').filter({ hasText: 'শিক্ষার্থী মিতু' });
    await theirs.waitFor();
    assert.equal(await panel.getByRole('textbox', { name: bn('player.qa.askLabel') }).count(), 0, 'the instructor answers, not asks');
    const photo = theirs.getByRole('img', { name: bn('player.qa.pictureAlt') });
    await photo.waitFor();
    assert.ok(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the question’s picture is drawn');
    await theirs.getByRole('button', { name: bn('player.qa.answer'), exact: true }).click();
    const reply = 'হ্যাঁ, $a = F/m$: ভর দ্বিগুণ হলে ত্বরণ অর্ধেক হয়।';
    await theirs.getByRole('textbox', { name: bn('player.qa.answerLabel') }).fill(reply);
    await theirs.getByRole('button', { name: bn('player.qa.sendAnswer') }).click();
    await theirs.getByTestId('instructor-answer').waitFor();
    await assertNoSidewaysScroll(teacher.page);
    await teacher.close();

    // The student sees the answer, marked as the instructor's, its formula drawn.
    panel = await openLesson(student.page);
    const answer = panel.getByTestId('lesson-question').getByTestId('instructor-answer');
    await answer.waitFor();
    await answer.getByText(bn('player.qa.instructorAnswer'), { exact: true }).waitFor();
    assert.match((await answer.textContent()) ?? '', /ভর দ্বিগুণ হলে ত্বরণ অর্ধেক হয়।/);
    assert.equal(await answer.locator('.katex').count(), 1);
    await assertNoSidewaysScroll(student.page);
    // And is told of it by mail.
    const deadline = Date.now() + 20_000;
    let subject = '';
    while (Date.now() < deadline && !subject.includes(course.lesson)) {
      subject = await latestMailTo(email).then(
        (mail) => mail.subject,
        () => '',
      );
      if (!subject.includes(course.lesson)) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.ok(subject.includes(course.lesson), `the answer's notice: "${subject}"`);
    student.assertNoErrors();
    await student.close();
  });
});
