import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildSchema } from 'graphql';
import type { Browser } from 'playwright-core';
import { expectText, firstCourseId, launchBrowser, openPage } from './support/browser';
import { sql } from './support/database';
import { menuToggle } from './support/phone';

// Texts the specification quotes, checked word for word.
const sectionTitles = [
  'Start your Learning with our Free Courses',
  'Courses for Professional Skill Development',
  'Trending Courses',
  'Courses for Class 1 to 12',
];

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

describe('a visitor browsing the site', () => {
  it('sees the home page: hero, the four course sections of four courses, statistics, reviews, partners', async () => {
    for (const path of ['/', '/home']) {
      const visit = await openPage(browser);
      const { page } = visit;
      await page.goto(path);
      await expectText(page, 'Studying Online is now much easier');
      await expectText(page, 'Join Free');
      await expectText(page, 'Watch how it works');
      for (const title of sectionTitles) {
        const section = page.getByRole('region', { name: title });
        await section.waitFor();
        assert.equal(await section.getByTestId('course-card').count(), 4, `${title} shows four courses`);
      }
      // The figures are the database's, counted now (under 1,000 written as they are).
      const [truth] = await sql<{ courses: number; students: number; instructors: number }>(
        `SELECT (SELECT count(*)::int FROM course WHERE published) AS courses,
                (SELECT count(*)::int FROM "user" WHERE role = 'STUDENT' AND "deletedAt" IS NULL) AS students,
                (SELECT count(DISTINCT coalesce("instructorId"::text, lower(instructor)))::int FROM course WHERE published) AS instructors`,
      );
      const strip = page.getByTestId('statistic');
      await strip.first().waitFor();
      const shown = (await strip.allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
      // From 1,000 rounded down to two significant digits, with "+" when that dropped something.
      const written = (n: number) => {
        if (n < 1000) return String(n);
        const step = 10 ** (String(n).length - 2);
        const rounded = Math.floor(n / step) * step;
        return `${rounded.toLocaleString('en-IN')}${rounded < n ? '+' : ''}`;
      };
      assert.deepEqual(
        shown.map((text) => /^[\d,]+\+?/.exec(text)?.[0]),
        [truth.courses, truth.students, truth.instructors].map(written),
      );
      assert.deepEqual(
        shown.map((text) => text.replace(/^[\d,]+\+?\s*/, '')),
        ['Courses', 'Students', 'Teachers'],
      );
      // Testimonials are students' own reviews with stars and text, or no section at all.
      const [{ reviews }] = await sql<{ reviews: number }>(
        `SELECT count(*)::int AS reviews FROM review WHERE NOT hidden AND "authorId" IS NOT NULL AND rating IS NOT NULL AND btrim(text) <> ''`,
      );
      if (reviews > 0) await page.getByTestId('review-card').first().waitFor();
      assert.equal(await page.getByTestId('review-card').count(), Math.min(reviews, 8));
      assert.equal(await page.getByTestId('review-card').filter({ hasText: 'Best trainers for training' }).count(), 0, 'no placeholder testimonial');
      assert.equal(await page.getByRole('region', { name: 'Our partners' }).getByRole('img').count(), 6);
      await expectText(page, 'Available On');
      await page.getByText('Join Free').click();
      await page.waitForURL('**/signUp');
      visit.assertNoErrors();
      await visit.close();
    }
  });

  it('opens a course from a card and sees its detail page', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Trending Courses' });
    const card = section.getByTestId('course-card').first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('link', { name: 'Enroll Now' }).click();
    await page.waitForURL(/\/course\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await expectText(page, 'Course Tutor');
    await expectText(page, 'Course Content');
    await page.getByText(/^Enrolled students: \d+$/).waitFor();
    await expectText(page, 'What you will learn');
    await expectText(page, 'Who this course is for');
    await expectText(page, 'Why you need this course');
    const enroll = page.getByRole('link', { name: 'Course Enroll' });
    assert.match((await enroll.getAttribute('href'))!, /^\/enroll\/[0-9a-f-]{36}$/);
    assert.equal(await page.getByRole('link', { name: /Contact us/ }).getAttribute('href'), '/contact');
    // A keyboard or screen reader meets the title, then the price card, then the details...
    const title = page.getByRole('heading', { level: 1, name });
    const tutor = page.getByText('Course Tutor');
    const follows = async (first: typeof title, then: typeof title) =>
      first.evaluate((a, b) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING), await then.elementHandle());
    assert.ok(await follows(title, enroll), 'the title comes before the price card');
    assert.ok(await follows(enroll, tutor), 'the price card comes before the details');
    // ...as a phone shows them, one under the other without overlapping; a wide screen puts the
    // price card in a column beside them, level with the title.
    const picture = page.getByRole('img', { name });
    const contact = page.getByRole('link', { name: /Contact us/ });
    const boxes = () => Promise.all([title, picture, enroll, contact, tutor].map(async (part) => (await part.boundingBox())!));
    const [titleBox, pictureBox, enrollBox, , tutorBox] = await boxes();
    assert.ok(enrollBox.x > titleBox.x + titleBox.width / 2 && enrollBox.x > tutorBox.x + 300, 'the price card sits in the right column');
    assert.ok(Math.abs(pictureBox.y - titleBox.y) < 80, 'the price card starts level with the title');
    await page.setViewportSize({ width: 390, height: 844 });
    const [phoneTitle, phonePicture, , phoneContact, phoneTutor] = await boxes();
    assert.ok(phoneTitle.y + phoneTitle.height <= phonePicture.y, 'on a phone the price card comes below the title');
    assert.ok(phoneContact.y + phoneContact.height < phoneTutor.y, 'on a phone the details come below the price card');
    visit.assertNoErrors();
    await visit.close();
  });

  it('shows only the payment-return message on a course page after checkout', async () => {
    const id = await firstCourseId();
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto(`/course/${id}?success=true`);
    await expectText(page, 'Order placed! You will receive an email confirmation.');
    assert.equal(await page.getByText('Course Enroll').count(), 0);
    await page.goto(`/details/${id}?canceled=true`);
    await expectText(page, "Order canceled -- continue to shop around and checkout when you're ready.");
    await page.goto(`/details/${id}`);
    await page.getByRole('link', { name: 'Course Enroll' }).waitFor();
    visit.assertNoErrors();
    await visit.close();
  });

  it('lists all courses, each card linking to its own course, with pages', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/allcourses');
    await page.getByRole('heading', { name: 'All Courses' }).waitFor();
    const cards = page.getByTestId('course-card');
    await cards.first().waitFor();
    assert.equal(await cards.count(), 20);
    const names = await cards.getByRole('heading').allTextContents();
    assert.equal(new Set(names).size, names.length, 'every card shows its own course');
    const hrefs = await cards.getByRole('link', { name: 'Preview' }).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.equal(new Set(hrefs).size, hrefs.length, 'every card links to its own course');
    await cards.nth(2).getByRole('link', { name: 'Preview' }).click();
    await page.getByRole('heading', { level: 1, name: names[2] }).waitFor();
    await page.goBack();
    // The pager and the sections are links (they work without scripts too), followed in place.
    await page.getByRole('link', { name: 'Next' }).click();
    await page.getByText('Page 2 of 3').waitFor();
    await page.getByRole('link', { name: 'Class 1 to 12' }).click();
    await page.waitForURL(/section=CLASS_1_TO_12/);
    await page.getByLabel('Language').selectOption({ label: 'English' });
    await page.waitForURL(/language=en/);
    assert.match(page.url(), /section=CLASS_1_TO_12/, 'the section chosen just before stays');
    // The class courses taught in English fit on one page: the pager goes once they have arrived.
    await page.getByRole('navigation', { name: 'Pages' }).waitFor({ state: 'detached' });
    for (const name of await cards.getByRole('heading').allTextContents()) assert.match(name, /^Class \d+/);
    await page.getByLabel('Language').selectOption({ label: 'Bangla' });
    await page.waitForURL(/language=bn/);
    await cards.getByRole('heading', { name: 'গণিত – অষ্টম শ্রেণি' }).waitFor();
    const bangla = await cards.getByRole('heading').allTextContents();
    assert.ok(bangla.length >= 8, 'the Bangla school courses');
    for (const name of bangla) assert.match(name, /শ্রেণি|ব্যাকরণ|৯-১০/);
    assert.equal(await cards.getByText('Language: Bangla').count(), bangla.length);
    visit.assertNoErrors();
    await visit.close();
  });

  it('searches from the header, keeps the search in the address, and says when nothing matches', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search courses' }).or(page.getByLabel('Search courses')).first().fill('physics');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('**/search?q=physics');
    await page.getByRole('heading', { level: 1, name: 'Search results for "physics"' }).waitFor();
    const cards = page.getByTestId('course-card');
    await cards.first().waitFor();
    // English names with the word, and the Bangla-named courses whose subject is physics (পদার্থবিজ্ঞান).
    for (const name of await cards.getByRole('heading').allTextContents()) assert.match(name, /Physics|পদার্থবিজ্ঞান/);
    assert.match((await cards.first().textContent())!, /Price: ৳|Free/);
    await cards.first().getByRole('link', { name: 'BUY NOW' }).waitFor();
    await page.reload();
    await cards.first().waitFor();
    await page.goto('/search?q=zoologyastronomy');
    await expectText(page, 'No course found with your query!');
    visit.assertNoErrors();
    await visit.close();
  });

  it('reads the reviews and the blog', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/reviews');
    await page.getByTestId('review-card').first().waitFor();
    await expectText(page, 'Masud');
    await page.goto('/blog');
    await page.getByTestId('blog-card').first().waitFor();
    await expectText(page, 'JavaScript for Server Design');
    visit.assertNoErrors();
    await visit.close();
  });

  it('reads the static pages, with the refund policy as written', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/privacyAndPolicy');
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await page.goto('/termsAndCondition');
    await page.getByRole('heading', { name: 'Terms and Condition', level: 1 }).waitFor();
    await page.goto('/RefundPolicy');
    for (const rule of [
      'A cancelled live course gives a 100% refund within 7-10 working days.',
      'A learner cancelling at least 1 day before the start gets a full refund within 7-10 working days.',
      'Schedule issues must be reported within 2 days of the start. If they cannot be accommodated, there is an 80% refund within 7-10 working days.',
      'No refund once 2 days have passed since the start.',
      'Cancellation is by email or by calling account managers.',
      // Recorded courses, not only live ones.
      'Recorded courses follow the same rules: a recorded course starts on the day it is bought, and one withdrawn by its instructor or by us is refunded in full.',
    ]) {
      await expectText(page, rule);
    }
    visit.assertNoErrors();
    await visit.close();
  });

  it('moves the about page team carousel two slides at a time, looping', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/about');
    await page.getByRole('heading', { name: 'Our story' }).waitFor();
    await page.getByRole('heading', { name: 'Our foundation' }).waitFor();
    const dots = page.getByRole('button', { name: /^Show slides/ });
    assert.equal(await dots.count(), 4);
    // Waits until the dot of `label` is the current one (the click returns before React renders).
    const current = (label: string) => page.locator(`[aria-current="true"][aria-label="${label}"]`).waitFor();
    await current('Show slides 1 and 2');
    await page.getByRole('button', { name: 'Next slides' }).click();
    await current('Show slides 3 and 4');
    await page.getByRole('button', { name: 'Previous slides' }).click();
    await page.getByRole('button', { name: 'Previous slides' }).click();
    await current('Show slides 7 and 8');
    await page.getByRole('button', { name: 'Next slides' }).click();
    await current('Show slides 1 and 2');
    visit.assertNoErrors();
    await visit.close();
  });

  it('checks the contact form: empty fields alert, then the success message and home', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectText(page, 'Please fill up all the fields');
    await expectText(page, 'Your Input fields is Empty!');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Rahim');
    await page.getByLabel('Email', { exact: true }).fill('rahim@example.com');
    await page.getByLabel('Message', { exact: true }).fill('When does the next class 9 batch start?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectText(page, 'Massage Sent Successfully!');
    await expectText(page, 'We will get back to you as soon as Possiable!');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    visit.assertNoErrors();
    await visit.close();
  });

  it('subscribes from the footer and sees the thanks toast with the input cleared', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/about');
    const email = page.getByLabel('Your email');
    await email.fill('learner@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expectText(page, 'Thanks for subscribing!');
    assert.equal(await email.inputValue(), '');
    for (const label of [
      'Contact',
      'About Us',
      'Terms and Condition',
      'Privacy Policy',
      'Refund Policy',
      'Blog',
      'Career',
      'Support',
      'Complain Box',
      'Success Story',
      'Reviews',
    ]) {
      await page.getByRole('contentinfo').getByRole('link', { name: label, exact: true }).waitFor();
    }
    // The spec's sentence, with the current year.
    await expectText(page, `Copyright ${new Date().getFullYear()} Shikhon. All rights reserved.`);
    visit.assertNoErrors();
    await visit.close();
  });

  it('answers an unknown address with 404 and a not-found page in words, which leads home', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    const response = await page.goto('/no/such/page');
    assert.equal(response?.status(), 404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await visit.close();
  });

  it('opens and closes the mobile menu at phone width', async () => {
    const visit = await openPage(browser, { width: 390, height: 844 });
    const { page } = visit;
    await page.goto('/');
    const login = page.getByRole('navigation', { name: 'Mobile' });
    assert.equal(await login.count(), 0);
    await menuToggle(page, 'Open menu').click();
    await login.waitFor();
    await login.getByRole('link', { name: 'Courses' }).waitFor();
    await login.getByRole('link', { name: 'Login' }).waitFor();
    await login.getByRole('link', { name: 'Registration' }).waitFor();
    await menuToggle(page, 'Close menu').click();
    await login.waitFor({ state: 'hidden' });
    visit.assertNoErrors();
    await visit.close();
  });

  it('offers the GraphQL playground at /graphql, bundled with the site', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/graphql');
    await page.getByText('query TrendingCourses').first().waitFor();
    await page.getByRole('button', { name: /execute query/i }).click();
    await page.getByText('"total"').first().waitFor();
    const origin = new URL(page.url()).origin;
    assert.deepEqual(
      requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')),
      [],
    );
    visit.assertNoErrors();
    await visit.close();
  });
  it('reaches the integrator guide from the playground and the API reference: a page of its own, readable at a phone’s width', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/graphql');
    await page.getByRole('link', { name: /Integrator guide/ }).click();
    await page.waitForURL(/\/docs\/$/);
    await page.getByRole('heading', { name: 'For integrators', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Webhook reference' }).waitFor();
    // Its contents lead to each section, and each event's JSON Schema is a link.
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Webhook reference' }).click();
    await page.waitForURL(/#webhook-reference$/);
    const schema = await page.request.get('/docs/webhooks/enrollment.created.json');
    assert.equal(schema.status(), 200);
    await page.setViewportSize({ width: 360, height: 740 });
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 360, 'nothing wider than a 360 px screen');
    // The GraphQL reference links back to it.
    await page.goto('/docs/api/');
    await page.getByRole('link', { name: 'integrator guide' }).first().click();
    await page.waitForURL(/\/docs\/$/);
    const origin = new URL(page.url()).origin;
    assert.deepEqual(
      requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')),
      [],
    );
    visit.assertNoErrors();
    await visit.close();
  });
  it('reaches the API reference from the playground: operations with their descriptions, nothing from other sites', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/graphql');
    await page.getByRole('link', { name: /API reference/ }).click();
    await page.waitForURL(/\/docs\/api\/$/);
    await expectText(page, 'Shikhon GraphQL API reference');
    const schema = buildSchema(await (await page.request.get('/schema.graphql')).text());
    const described = [
      ['query', schema.getQueryType()!.getFields().searchCourses.description],
      ['mutation', schema.getMutationType()!.getFields().purchaseCourse.description],
    ] as const;
    for (const [kind, description] of described) {
      assert.ok(description, `the schema describes a ${kind}`);
      await page.locator(`[id^="${kind}-"]`).filter({ hasText: description }).first().waitFor();
    }
    const origin = new URL(page.url()).origin;
    assert.deepEqual(
      requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:')),
      [],
    );
    visit.assertNoErrors();
    await visit.close();
  });
});
