import type { Page } from 'playwright-core';

let counter = 0;
/** A fresh address for each sign-up, so tests never collide. */
export function newEmail(prefix = 'learner'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** Signs up on the English form; `phone` as typed (Bangla digits welcome). */
export async function signUp(page: Page, person: { name: string; email: string; password: string; role?: 'Student' | 'Instructor'; phone?: string }) {
  await page.goto('/signUp');
  if (person.role === 'Instructor') await page.getByText('Instructor', { exact: true }).click();
  await page.getByLabel('Name', { exact: true }).fill(person.name);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Phone', { exact: true }).fill(person.phone ?? '+880 1712-345678');
  await page.getByLabel('Date of birth', { exact: true }).fill('2006-04-12');
  await page.locator('main').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

export async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}
