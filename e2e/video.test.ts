import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { makeSampleVideo } from '@shikhon/server/test-support/sample-video.cjs';
import { logIn } from './support/accounts';
import { baseUrl, launchBrowser, openPage } from './support/browser';
import { sql } from './support/database';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

async function graphql<T>(query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await logIn(page, email, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

describe('lesson videos', () => {
  it('an instructor uploads a video through a dropped connection, and a student plays it with the quality menu and data saver', async () => {
    // A course of the demo instructor with one lesson whose video is to be uploaded.
    const { login } = await graphql<{ login: { accessToken: string } }>(
      'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken } }',
      { e: 'instructor@shikhon.test', p: 'Instructor123!' },
    );
    const { createCourse } = await graphql<{ createCourse: { id: string } }>(
      'mutation ($input: CourseInput!) { createCourse(input: $input) { id } }',
      {
        input: {
          name: `Fractions on video ${Date.now()}`,
          description: 'Halves, quarters and thirds.',
          price: 0,
          category: 'PROFESSIONAL',
          lessons: [{ title: 'What a fraction is' }],
        },
      },
      login.accessToken,
    );
    const courseId = createCourse.id;
    const [student] = await sql(`SELECT id, email FROM "user" WHERE email = 'student@shikhon.test'`);
    await sql(
      `INSERT INTO enrollment ("studentId", "courseId", "courseName", "courseDescription", email) SELECT $1, id, name, description, $2 FROM course WHERE id = $3`,
      [student.id, student.email, courseId],
    );

    const teacher = await openPage(browser);
    await signIn(teacher.page, 'instructor@shikhon.test', 'Instructor123!');
    await teacher.page.goto(`/instructor-dashboard/upload-course/${courseId}`);
    const upload = teacher.page.getByTestId('video-upload');
    await upload.getByRole('button', { name: 'Upload video' }).waitFor();

    // A slow upload link, so the connection can drop in the middle.
    const network = await teacher.context.newCDPSession(teacher.page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: 200_000, uploadThroughput: 100_000 });
    const offsets: number[] = [];
    teacher.page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/uploads/lesson-videos/')) offsets.push(Number(request.headers()['upload-offset']));
    });

    await teacher.page
      .locator('input[type="file"][aria-label="Upload a video for Lesson 1"]')
      .setInputFiles(makeSampleVideo({ seconds: 10, height: 480, videoBitrate: '900k', fileName: 'fractions-lesson.mp4' }));
    const progress = teacher.page.getByTestId('upload-progress');
    await progress.filter({ hasText: /^[1-9]\d% · .* left$/ }).waitFor({ timeout: 60_000 });

    // The connection drops: the editor says so; once it is back the upload goes on from where it stopped.
    await network.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await progress.filter({ hasText: 'Connection lost' }).waitFor({ timeout: 30_000 });
    const sentBeforeDrop = offsets.length;
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await upload.getByText(/^(Waiting to be processed|Processing|Ready)/).waitFor({ timeout: 60_000 });
    const resumedAt = offsets.slice(sentBeforeDrop).find((offset) => offset > 0);
    assert.ok(resumedAt !== undefined && resumedAt > 0, `the upload went on from byte ${resumedAt}, not from the start (offsets ${offsets.join(', ')})`);
    assert.equal(offsets.slice(sentBeforeDrop).includes(0), false, 'the upload did not start again from the beginning');

    // Processing shows its progress, then the renditions.
    await upload.getByText('Ready', { exact: true }).waitFor({ timeout: 240_000 });
    await upload.getByText(/240p, 360p, audio/).waitFor();
    await teacher.close();

    const learner = await openPage(browser);
    const { page } = learner;
    await signIn(page, 'student@shikhon.test', 'Student123!');
    await page.goto(`/myCoursePlay/${courseId}`);
    const player = page.getByTestId('hls-player');
    await player.waitFor();
    const menu = page.getByTestId('quality-menu');
    // Once the stream's renditions are known, the menu offers those (the source was 480p: no 720p).
    await page.waitForFunction(
      () => Array.from(document.querySelectorAll('[data-testid="quality-menu"] option'), (o) => o.textContent).join() === 'Auto,240p,360p,Audio only',
    );
    const play = () =>
      page.evaluate(() => {
        const video = document.querySelector('video')!;
        video.muted = true;
        return video.play();
      });
    const playedPast = (seconds: number) => page.waitForFunction((s) => document.querySelector('video')!.currentTime > s, seconds, { timeout: 30_000 });

    await menu.selectOption('360p');
    await play();
    await page.getByTestId('playing-quality').filter({ hasText: 'Playing 360p' }).waitFor({ timeout: 30_000 });
    await playedPast(0.5);

    // Data saver brings it down to 240p and keeps higher choices out of reach.
    await page.getByText('Data saver (up to 240p)').click();
    await page.getByTestId('playing-quality').filter({ hasText: 'Playing 240p' }).waitFor({ timeout: 30_000 });
    assert.equal(await menu.locator('option[value="360p"]').isDisabled(), true);

    await menu.selectOption('audio');
    await page.getByTestId('playing-quality').filter({ hasText: 'Playing Audio only' }).waitFor({ timeout: 30_000 });
    await play();
    const at = await page.evaluate(() => document.querySelector('video')!.currentTime);
    await playedPast(at + 0.5);

    // The choice is remembered.
    await page.reload();
    await page.getByTestId('hls-player').waitFor();
    assert.equal(await page.getByTestId('quality-menu').inputValue(), 'audio');
    assert.equal(await page.getByTestId('data-saver').isChecked(), true);
    learner.assertNoErrors();
    await learner.close();
  });
});
