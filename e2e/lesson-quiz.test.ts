import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newEmail, signUp } from './support/accounts';
import { launchBrowser } from './support/browser';
import { bangla, text } from './support/catalogues';
import { sql } from './support/database';
import { assertNoSidewaysScroll, openPhone } from './support/phone';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

const bn = (key: string) => text(bangla, key);

/** The seeded Bangla physics course that requires its lesson quizzes' pass mark (modules/practice/practice-seed.ts). */
const COURSE = 'পদার্থবিজ্ঞান – নবম-দশম শ্রেণি';
const LESSON = 'গতি';

describe('lesson quizzes on a phone, in Bangla', () => {
  it('a lesson quiz blocks completion until it is passed where the course requires it', async () => {
    const { page } = await openPhone(browser);
    const email = newEmail('quiz');
    await signUp(page, { name: 'শিক্ষার্থী করিম', email, password: 'a good password' });
    await page.waitForURL((url) => url.pathname === '/');

    // Enrolled as a purchase would (payments have their own tests).
    const [course] = await sql<{ id: string; lessonId: string }>(
      `SELECT c.id, l.id AS "lessonId" FROM course c JOIN lesson l ON l."courseId" = c.id WHERE c.name = $1 AND l.title = $2`,
      [COURSE, LESSON],
    );
    await sql(
      `INSERT INTO enrollment ("studentId", "courseId", "courseName", "courseDescription", email)
       SELECT u.id, c.id, c.name, c.description, u.email FROM "user" u, course c WHERE u.email = $1 AND c.id = $2`,
      [email, course.id],
    );
    // The quiz's questions in order, with the correct option and a wrong one (each round shuffles the options).
    const questions = await sql<{ correct: string; wrong: string }>(
      `SELECT q."correctOptionId"::text AS correct,
              (SELECT o.option->>'id' FROM jsonb_array_elements(q.options) AS o(option) WHERE o.option->>'id' <> q."correctOptionId"::text LIMIT 1) AS wrong
       FROM lesson_quiz_question lq JOIN question q ON q.id = lq."questionId" WHERE lq."lessonId" = $1 ORDER BY lq.position`,
      [course.lessonId],
    );
    assert.ok(questions.length >= 2, 'the seeded lesson has a quiz');

    await page.goto(`/myCoursePlay/${course.id}?lesson=${course.lessonId}&lang=bn`);
    await page.getByTestId('current-lesson').filter({ hasText: LESSON }).waitFor();
    const quiz = page.getByTestId('lesson-quiz');
    await quiz.getByRole('heading', { name: bn('player.quiz.title') }).waitFor();
    await assertNoSidewaysScroll(page);

    // Marking the lesson done is refused: the player says why and leads to the quiz.
    const markDone = async () => {
      const answered = page.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('SetLessonCompleted'));
      await page.getByText(bn('player.completed'), { exact: true }).click();
      await answered;
    };
    const notDone = page.getByRole('checkbox', { name: bn('player.completed'), checked: false });
    await markDone();
    await page.getByTestId('quiz-blocked').getByText(bn('player.quiz.blocked')).waitFor();
    await notDone.waitFor();
    await page.getByRole('button', { name: bn('player.quiz.goToQuiz') }).click();

    const answerAll = async (pick: (question: { correct: string; wrong: string }) => string) => {
      for (const [index, question] of questions.entries()) {
        await quiz.locator(`[data-testid="quiz-option"][data-option-id="${pick(question)}"]`).click();
        await quiz.getByTestId('quiz-feedback').waitFor();
        await assertNoSidewaysScroll(page);
        const last = index === questions.length - 1;
        await quiz.getByRole('button', { name: bn(last ? 'player.quiz.seeResult' : 'player.quiz.nextQuestion') }).click();
      }
    };

    // A round of wrong answers: each checked at once; not passed, still not completed.
    await answerAll((question) => question.wrong);
    await quiz.getByTestId('quiz-round').waitFor();
    await markDone();
    await page.getByTestId('quiz-blocked').waitFor();
    await notDone.waitFor();

    // A retry with the right answers passes, and the lesson is completed.
    await quiz.getByRole('button', { name: bn('player.quiz.retry') }).click();
    await answerAll((question) => question.correct);
    await quiz.getByTestId('quiz-passed').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="quiz-blocked"]') === null);
    await page.getByRole('checkbox', { name: bn('player.completed'), checked: true }).waitFor();
    // The best result in Bengali digits.
    assert.match((await quiz.getByTestId('quiz-best').textContent())!, /[০-৯]+টির মধ্যে [০-৯]+টি সঠিক \([০-৯]+%\)/);
    const [progress] = await sql<{ completed: boolean }>(
      `SELECT p."completedAt" IS NOT NULL AS completed FROM lesson_progress p JOIN "user" u ON u.id = p."studentId" WHERE u.email = $1 AND p."lessonId" = $2`,
      [email, course.lessonId],
    );
    assert.equal(progress?.completed, true);
    await assertNoSidewaysScroll(page);
  });
});
