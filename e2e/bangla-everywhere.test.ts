import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newEmail } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { sql } from './support/database';
import { failedToLoad, openRoute, prepareTour, routesFor, signInAs, switchLanguage, type Role, type TourData } from './support/tour';

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
]);
/** The partner institutions on the home page: company names, as they write them. */
const PARTNERS = ['Nirman Tech', 'Padma Soft', 'Meghna Bank', 'Sonar Telecom', 'Jamuna Books', 'Karnaphuli Labs'];

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
        // Formulas (KaTeX) are written as their authors wrote them.
        return NodeFilter.FILTER_ACCEPT;
      },
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent?.trim();
      if (value && (visible(node.parentElement!) || node.parentElement!.closest('[aria-live], [role="status"], [role="region"]'))) found.push(value);
    }
    for (const element of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], [alt], [aria-valuetext], [aria-roledescription]'))) {
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

let browser: Browser;
let data: TourData;
const studentEmail = newEmail('bangla.everywhere');
before(async () => {
  browser = await launchBrowser();
  data = await prepareTour(browser, studentEmail);
});
after(() => browser.close());

describe('every page in Bangla', () => {
  for (const role of ['visitor', 'student', 'instructor', 'admin'] as Role[]) {
    it(`shows and names nothing in English, ${role === 'visitor' ? 'signed out' : `as ${role === 'student' ? 'a' : 'an'} ${role}`}`, async () => {
      const visit = await openPage(browser, { width: 360, height: 740 });
      const { page } = visit;
      await signInAs(page, role, studentEmail);
      await switchLanguage(page, 'bn');
      const texts = [...PARTNERS, ...(await dataTexts())];
      const english: string[] = [];
      for (const path of routesFor(role, data)) {
        await openRoute(page, path);
        if (await failedToLoad(page)) english.push(`${path}: its data could not be loaded`);
        assert.equal(await page.evaluate(() => document.documentElement.lang), 'bn', `${path} is in Bangla`);
        // What the visitor typed (a search, a certificate's number) is shown as typed.
        const address = new URL(path, 'http://localhost');
        const typed = [address.searchParams.get('q'), /^\/certificate\/(.+)$/.exec(address.pathname)?.[1]].filter((value): value is string => Boolean(value));
        const withoutData = dataMatcher([...typed, ...texts]);
        for (const word of latinLeft(await shownTexts(page), withoutData)) english.push(`${path}: ${word}`);
      }
      // Back to English, so the account speaks it again for whoever signs in next.
      await switchLanguage(page, 'en');
      assert.deepEqual(english, [], `Latin words on Bangla pages:\n${english.join('\n')}`);
      await visit.close();
    });
  }
});
