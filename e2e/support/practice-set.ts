import type { Page } from 'playwright-core';
import { bangla, text } from './catalogues';

const bn = (key: string) => text(bangla, key);
export const fromBangla = (digits: string) => Number(digits.replace(/[০-৯]/g, (d) => String('০১২৩৪৫৬৭৮৯'.indexOf(d))));

/**
 * Builds a practice set from the class-9 physics chapter "গতি" on the Bangla practice page, as a
 * signed-in student: answers the new attempt's id and its number of questions.
 */
export async function startMotionPracticeSet(page: Page): Promise<{ attemptId: string; total: number }> {
  await page.goto('/practice?lang=bn');
  await page.getByRole('heading', { name: bn('practice.self.title'), level: 1 }).waitFor();
  await page.getByLabel(bn('practice.class'), { exact: true }).selectOption('9');
  await page.getByLabel(bn('practice.subject'), { exact: true }).selectOption('physics');
  await page.getByTestId('practice-chapters').getByText('গতি', { exact: true }).click();
  await page.getByRole('button', { name: bn('practice.self.start') }).click();
  await page.waitForURL(/\/attempts\/[0-9a-f-]{36}$/);
  const attemptId = new URL(page.url()).pathname.split('/').pop()!;
  const total = fromBangla((await page.getByText(/^প্রশ্ন ১ \/ [০-৯]+$/).textContent())!.split('/ ')[1]);
  return { attemptId, total };
}
