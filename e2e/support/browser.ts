import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://localhost:4000';

/**
 * Debian's headless shell when installed (`apt-get install chromium-headless-shell`): the same
 * Chromium without the browser's own windows, which on two cores costs less than half the CPU;
 * otherwise Debian's Chromium.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium, headless, with nothing reaching out to the internet. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath, args: ARGS });
}

export interface Visit {
  page: Page;
  context: BrowserContext;
  /** Fails the test when the page logged an error or threw. */
  assertNoErrors(): void;
  close(): Promise<void>;
}

/**
 * A window of its own. The site's service worker precaches the students' code on a first visit (about
 * 175 files): a test that is not about working offline blocks it (`offline: false`, the default), so
 * each of the suite's hundreds of windows does not download and store the app again.
 */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 900 }, { offline = false } = {}): Promise<Visit> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl, serviceWorkers: offline ? 'allow' : 'block' });
  return visitOf(context, await context.newPage(), () => context.close());
}

/**
 * A browser with a profile of its own on disk, as a phone's: Chromium treats every throwaway context
 * as a private window, where a site cannot be installed as an app.
 */
export async function openWithProfile(viewport: { width: number; height: number }): Promise<Visit> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath, args: ARGS, viewport, baseURL: baseUrl });
  return visitOf(context, context.pages()[0] ?? (await context.newPage()), async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });
}

function visitOf(context: BrowserContext, page: Page, close: () => Promise<void>): Visit {
  // A page the server rendered shows before its scripts take over; a test acts on it only after.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const interactive = () => page.waitForFunction(() => !document.getElementById('root') || 'interactive' in document.documentElement.dataset);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await interactive();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await interactive();
    return response;
  };
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return {
    page,
    context,
    assertNoErrors: () => assert.deepEqual(errors, []),
    close,
  };
}

/** Waits until the page shows `text` exactly somewhere. */
export async function expectText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: 10_000 });
}

export async function firstCourseId(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/courses?limit=1`);
  const [course] = (await res.json()) as Array<{ id: string }>;
  return course.id;
}
