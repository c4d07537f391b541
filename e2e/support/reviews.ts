import type { Page } from 'playwright-core';

/** Enrolls the signed-in student in the `nth` free course; answers the course's name. */
export async function enrollInFreeCourse(page: Page, nth = 1): Promise<string> {
  await page.goto('/allCourses?section=FREE');
  const card = page.getByTestId('course-card').nth(nth);
  const courseName = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('link', { name: 'Preview' }).click();
  await page.getByRole('link', { name: 'Course Enroll' }).click();
  await page.getByRole('button', { name: 'Enroll for free' }).click();
  await page.waitForURL('**/mycourses');
  return courseName;
}

/** Writes a review of an owned course on /addReview and waits for the course page. */
export async function writeReview(page: Page, courseName: string, stars: number, text: string) {
  await page.goto('/addReview');
  await page.getByLabel('Course', { exact: true }).selectOption({ label: courseName });
  await page.getByPlaceholder('Write about Course').fill(text);
  await page.getByRole('radio', { name: `${stars} stars` }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('heading', { level: 1, name: courseName }).waitFor();
}
