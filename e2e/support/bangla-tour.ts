// The Bangla tour of every page at 360 px and the Bangla checks of dialogs, toasts and errors, shared by
// the bangla-everywhere-<role> files (one per role, so the browser lanes can run them side by side).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newEmail } from './accounts';
import { launchBrowser, openPage } from './browser';
import { bangla, text } from './catalogues';
import { NARROW, sidewaysScrolling } from './narrow';
import { sql } from './database';
import { failedToLoad, openRoute, prepareTour, routesFor, signInAs, switchLanguage, type Role, type TourData } from './tour';

/**
 * Latin words a Bangla page may show: brands and the names of standards, written so in Bangla too.
 * Anything else in Latin letters must come from the data (course, lesson and person names, emails).
 */
const ALLOWED = new Set([
  'Shikhon',
  'bKash',
  'Nagad',
  'Rocket',
  'SSLCommerz',
  'Stripe',
  'Visa',
  'Mastercard',
  'API',
  'URL',
  'https',
  'PDF',
  'CVC',
  'MM',
  'YY',
  'MP4',
  'PNG',
  'JPEG',
  'WebP',
  'CSV',
  'UTF-8',
]);
/** The partner institutions on the home page: company names, as they write them. */
const PARTNERS = ['Nirman Tech', 'Padma Soft', 'Meghna Bank', 'Sonar Telecom', 'Jamuna Books', 'Karnaphuli Labs'];
/** The question template's column names: the help names them as the downloaded file writes them. */
const TEMPLATE_COLUMNS = ['practice', 'board', 'year'];

/** Texts people and instructors wrote (names, titles, emails, questions...): shown as written, in any script. */
async function dataTexts(): Promise<string[]> {
  const columns: Record<string, string[]> = {
    user: ['name', 'email', 'eduQualification', 'contactEmail', 'phone'],
    course: ['name', 'description', 'instructor', 'instructorEmail', 'targetedPeoples', 'whyNeed', 'reviewNote'],
    lesson: ['title'],
    blog: ['title', 'author', 'description'],
    review: ['title', 'text', 'info', 'name'],
    certificate: ['course', 'number', 'instructor', 'studentName'],
    model_test: ['title', 'description'],
    question: ['text', 'explanation'],
    enrollment: ['courseName', 'email', 'transactionID'],
    inbox_message: ['email', 'subject', 'message', 'name', 'phone'],
    audit_entry: ['actorEmail', 'address', 'targetId'],
    payment: ['transactionRef', 'methodLast4'],
    api_key: ['name', 'prefix'],
    webhook_endpoint: ['url'],
    lesson_video: ['fileName'],
  };
  const found = new Set<string>();
  for (const [table, names] of Object.entries(columns)) {
    for (const name of names) {
      for (const row of await sql<{ value: string | null }>(`SELECT DISTINCT "${name}"::text AS value FROM "${table}"`)) if (row.value) found.add(row.value);
    }
  }
  for (const row of await sql<{ value: string }>('SELECT DISTINCT unnest("keyPoints") AS value FROM course')) found.add(row.value);
  // What people wrote into an action the audit log repeats (a rejected course's reason).
  for (const row of await sql<{ value: string | null }>(`SELECT DISTINCT detail->>'reason' AS value FROM audit_entry`)) if (row.value) found.add(row.value);
  for (const row of await sql<{ value: string }>(`SELECT DISTINCT jsonb_array_elements(options)->>'text' AS value FROM question`))
    if (row.value) found.add(row.value);
  // Longest first, so a name inside a longer title goes with the title.
  return [...found].filter((value) => value.trim().length > 0).sort((a, b) => b.length - a.length);
}

/** Every text the page shows or says: its text nodes, and the names given in attributes (labels, alt texts, titles, placeholders). */
function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      return style.display !== 'none' && style.visibility !== 'hidden' && (element as HTMLElement).offsetParent !== null;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, noscript, template, [hidden], .katex')) return NodeFilter.FILTER_REJECT;
        // What is marked as another language (the switch to English, named in English) is written in it.
        if (parent.closest('[lang]')?.getAttribute('lang') !== 'bn') return NodeFilter.FILTER_REJECT;
        // Formulas (KaTeX) are written as their authors wrote them.
        return NodeFilter.FILTER_ACCEPT;
      },
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent?.trim();
      if (value && (visible(node.parentElement!) || node.parentElement!.closest('[aria-live], [role="status"], [role="region"]'))) found.push(value);
    }
    for (const element of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], [alt], [aria-valuetext], [aria-roledescription]'))) {
      if (element.closest('[lang]')?.getAttribute('lang') !== 'bn') continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'aria-valuetext', 'aria-roledescription']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    found.push(document.title);
    return found;
  });
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Finds the data texts (and what the visitor typed) inside a shown text, as whole words. */
function dataMatcher(data: string[]) {
  const patterns = data.map((value) => new RegExp(`(?<![A-Za-z0-9])${escape(value)}(?![A-Za-z0-9])`, 'g'));
  return (text: string) => {
    let rest = text;
    // A long text cut short ("Complete Web Develop...") is the start of a data text.
    const cut = /^(.+?)(?:\.\.\.|…)$/s.exec(rest);
    if (cut && data.some((value) => value.startsWith(cut[1].trim()))) return '';
    // A piece of a data text: a search result's description split around the words found.
    if (rest.length >= 8 && data.some((value) => value.includes(rest))) return '';
    data.forEach((value, i) => {
      if (rest.includes(value)) rest = rest.replace(patterns[i], ' ');
    });
    return rest;
  };
}

/** The Latin words (and Latin digits) of `shown` that are neither allowed nor part of a data text. */
function latinLeft(shown: string[], withoutData: (text: string) => string): string[] {
  const left = new Set<string>();
  for (const text of shown) {
    for (const word of withoutData(text).match(/[A-Za-z](?:[A-Za-z0-9'’-]*[A-Za-z0-9])?|[0-9]+/g) ?? []) {
      // A single letter is a label (a, b, c), a unit (p in 240p) or a variable in a formula, not a word.
      if (/^[A-Za-z]$/.test(word) || ALLOWED.has(word)) continue;
      left.add(`"${word}" in "${text.slice(0, 80)}"`);
    }
  }
  return [...left];
}

/** A test file's browser, the tour's data and its long-named student (see prepareTour), ready before its tests. */
export interface Tour {
  browser: Browser;
  data: TourData;
  studentEmail: string;
}

export function useTour(): Tour {
  // A student whose name and address are longer than the screen is wide.
  const tour = { studentEmail: newEmail('mohammad.abdullah.al.mamun.chowdhury.bhuiyan.class9') } as Tour;
  before(async () => {
    tour.browser = await launchBrowser();
    tour.data = await prepareTour(tour.browser, tour.studentEmail);
  });
  after(() => tour.browser.close());
  return tour;
}

/**
 * The tour of one role of every page on a 360 px phone for each role, in English and then in Bangla (Bangla words
 * are longer, English ones sometimes are): in both, nothing wider than the screen; in Bangla, nothing
 * shown or named in English.
 */
export function tourEveryPage(tour: Tour, role: Role): void {
  const who = role === 'visitor' ? 'signed out' : `as ${role === 'student' ? 'a' : 'an'} ${role}`;
  describe(who, () => {
    const english: string[] = [];
    const tooWide: Record<'en' | 'bn', string[]> = { en: [], bn: [] };
    before(async () => {
      const visit = await openPage(tour.browser, NARROW);
      const { page } = visit;
      await signInAs(page, role, tour.studentEmail);
      const shown = [...PARTNERS, ...TEMPLATE_COLUMNS, ...(await dataTexts())];
      // A name as public lists show it by default: its first part and the last part's initial ("Mohammad B.").
      const shortNames = shown.flatMap((text) => {
        const parts = text.trim().split(/\s+/);
        return parts.length > 1 && /^[A-Za-z]/.test(parts[0]) ? [`${parts[0]} ${parts.at(-1)!.charAt(0)}.`] : [];
      });
      const texts = [...shown, ...shortNames];
      for (const language of ['en', 'bn'] as const) {
        // Whatever language the account was left in, this tour's.
        await switchLanguage(page, language);
        for (const path of routesFor(role, tour.data)) {
          await openRoute(page, path);
          if (await failedToLoad(page)) {
            tooWide[language].push(`${path}: its data could not be loaded`);
            if (language === 'bn') english.push(`${path}: its data could not be loaded`);
          }
          assert.equal(await page.evaluate(() => document.documentElement.lang), language, `${path} is in the chosen language`);
          for (const problem of await sidewaysScrolling(page)) tooWide[language].push(`${path}: ${problem}`);
          if (language === 'en') continue;
          // What the visitor typed (a search, a certificate's number) is shown as typed.
          const address = new URL(path, 'http://localhost');
          const typed = [address.searchParams.get('q'), /^\/certificate\/(.+)$/.exec(address.pathname)?.[1]].filter((value): value is string => Boolean(value));
          const withoutData = dataMatcher([...typed, ...texts]);
          for (const word of latinLeft(await shownTexts(page), withoutData)) english.push(`${path}: ${word}`);
        }
      }
      // Back to English, so the account speaks it again for whoever signs in next.
      await switchLanguage(page, 'en');
      await visit.close();
    });

    it(`fits the screen's width in English, ${who}`, () => {
      assert.deepEqual(tooWide.en, [], 'pages that scroll sideways');
    });

    it(`shows and names nothing in English, ${who}`, () => {
      assert.deepEqual(english, [], `Latin words on Bangla pages:\n${english.join('\n')}`);
    });

    it(`fits the screen's width in Bangla, ${who}`, () => {
      assert.deepEqual(tooWide.bn, [], 'pages that scroll sideways');
    });
  });
}

/** Adds to `found` the Latin words the page shows at this moment (a dialog open, a toast, an error), labelled with `state`. */
async function checkNow(page: Page, state: string, found: string[], typed: string[] = []): Promise<void> {
  // Whatever just appeared (a dialog opening, a toast sliding in) has settled.
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'bn', `${state}: the page is in Bangla`);
  const withoutData = dataMatcher([...typed, ...PARTNERS, ...TEMPLATE_COLUMNS, ...(await dataTexts())]);
  for (const word of latinLeft(await shownTexts(page), withoutData)) found.push(`${state}: ${word}`);
}

/** A Bangla page, signed in as `role`, on a 360 px phone; `act` walks through the states and calls `check` at each. */
export async function inBangla(tour: Tour, role: Role, act: (page: Page, check: (state: string, typed?: string[]) => Promise<void>) => Promise<void>) {
  const visit = await openPage(tour.browser, { width: 360, height: 740 });
  const { page } = visit;
  await signInAs(page, role, tour.studentEmail);
  await switchLanguage(page, 'bn');
  const found: string[] = [];
  try {
    await act(page, (state, typed = []) => checkNow(page, state, found, typed));
  } finally {
    if (role !== 'visitor' && (await page.evaluate(() => document.documentElement.lang)) === 'bn') await switchLanguage(page, 'en').catch(() => undefined);
    await visit.close();
  }
  assert.deepEqual(found, [], `Latin words on Bangla screens:\n${found.join('\n')}`);
}

export const bn = (key: string) => text(bangla, key);
export const dialog = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]').filter({ visible: true }).first();
export const toast = (page: Page) => page.locator('[data-scope="toast"][data-part="root"]').first();
