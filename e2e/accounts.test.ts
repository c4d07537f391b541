import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { logIn, newEmail, signUp } from './support/accounts';
import { expectText, launchBrowser, openPage } from './support/browser';
import { latestMailTo } from './support/database';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

describe('accounts', () => {
  it('signs up a student, shows their name in the header, and signs out', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/signUp');
    assert.equal(await page.getByRole('radio', { name: 'Student' }).isChecked(), true, 'student is the default role');
    assert.equal(await page.getByRole('button', { name: 'Sign Up' }).isDisabled(), true, 'disabled until the terms are accepted');
    assert.equal(await page.getByRole('link', { name: 'Terms and Condition' }).first().getAttribute('href'), '/termsAndCondition');
    await signUp(page, { name: 'Farzana Akter', email: newEmail(), password: 'a good password' });
    await page.waitForURL((url) => url.pathname === '/');
    const menu = page.getByRole('button', { name: 'Account menu for Farzana Akter' });
    await menu.waitFor();
    assert.equal(await page.getByRole('link', { name: 'Continue learning' }).getAttribute('href'), '/mycourses');
    await menu.click();
    for (const item of ['My Profile', 'My Learning', 'Logout']) {
      await page.getByRole('menuitem', { name: item }).waitFor();
    }
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Registration' }).waitFor();
    await page.getByRole('link', { name: 'Join Free' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    visit.assertNoErrors();
    await visit.close();
  });

  it("shows the server's errors under the sign-up form", async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    const email = newEmail();
    await signUp(page, { name: 'First Person', email, password: 'a good password' });
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    await visit.context.clearCookies();
    await signUp(page, { name: 'Second Person', email: email.toUpperCase(), password: 'a good password' });
    await expectText(page, 'An account with this email already exists');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Email', { exact: true }).fill(newEmail());
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectText(page, 'Password must be at least 8 characters');
    visit.assertNoErrors();
    await visit.close();
  });

  it('sends a signed-out visitor from a guarded page to login and back, and keeps the session over a reload', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/');
    await page.goto('/myprofile');
    await page.waitForURL('**/login');
    // A slow answer shows the button's busy text.
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('mutation Login')) await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByLabel('Email', { exact: true }).fill('student@shikhon.test');
    await page.getByLabel('Password', { exact: true }).fill('Student123!');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('button', { name: 'Logging in...' }).waitFor();
    await page.waitForURL('**/myprofile');
    await page.getByRole('heading', { name: 'Demo Student' }).waitFor();
    await page.goBack();
    assert.equal(new URL(page.url()).pathname, '/', 'the login page was replaced in the history');
    await page.goto('/myprofile');
    await page.reload();
    await page.getByRole('heading', { name: 'Demo Student' }).waitFor();
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    visit.assertNoErrors();
    await visit.close();
  });

  it('says when the email or password is wrong', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/login');
    await logIn(page, 'student@shikhon.test', 'not the password');
    await expectText(page, 'Wrong email or password');
    visit.assertNoErrors();
    await visit.close();
  });

  it('resets a forgotten password through the emailed link', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    const email = newEmail('forgetful');
    await signUp(page, { name: 'Forgetful Learner', email, password: 'the old password' });
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // Signed out once the header offers registration again; leaving earlier could cut the sign-out short.
    await page.getByRole('link', { name: 'Registration' }).waitFor();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await expectText(page, 'Please, write your email id.');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await expectText(page, 'Your forgotten password email is send');
    const mail = await latestMailTo(email);
    const link = /(http\S+reset-password\?token=\S+)/.exec(mail.text)![1];
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('the new password');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('the new password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectText(page, 'Your password is changed. Sign in with the new one.');
    await page.getByRole('link', { name: 'Login' }).last().click();
    await logIn(page, email, 'the new password');
    await page.getByRole('button', { name: 'Account menu for Forgetful Learner' }).waitFor();
    visit.assertNoErrors();
    await visit.close();
  });

  it('edits the profile and shows the new details', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await signUp(page, { name: 'Profile Owner', email: newEmail(), password: 'a good password' });
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await page.getByRole('heading', { name: 'Profile Owner' }).waitFor();
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Profile Owner Renamed');
    await page.getByLabel('Education', { exact: true }).fill('HSC, Rajshahi College');
    await page.getByLabel('Contact email', { exact: true }).fill('not an email');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectText(page, 'Enter a valid email address');
    await page.getByLabel('Contact email', { exact: true }).fill('work@example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/myprofile');
    await page.getByRole('heading', { name: 'Profile Owner Renamed' }).waitFor();
    await expectText(page, 'HSC, Rajshahi College');
    await page.getByRole('button', { name: 'Account menu for Profile Owner Renamed' }).waitFor();
    visit.assertNoErrors();
    await visit.close();
  });

  it("says 'No user is logged in' on the profile editor when nobody is signed in", async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/editProfile');
    await expectText(page, 'No user is logged in');
    visit.assertNoErrors();
    await visit.close();
  });
});
