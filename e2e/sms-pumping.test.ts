import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { bangla, text } from './support/catalogues';
import { sql } from './support/database';
import { openPhone } from './support/phone';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

const bn = (key: string) => text(bangla, key);

describe('SMS pumping, in Bangla on a phone (390 px)', () => {
  it('a student behind an address whose codes went unused is checked without a tap and gets the code', async () => {
    const visit = await openPhone(browser);
    const { page, context } = visit;
    // An address of its own (the server believes the proxy on this machine), so no other test shares it.
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': '10.99.0.1' });
    // Ten codes to numbers nobody reads, from that address.
    for (let n = 0; n < 10; n++) {
      const res = await context.request.post('/graphql', {
        data: { query: 'mutation ($p: String!) { requestSignInCode(phone: $p) }', variables: { p: `0181990${String(n).padStart(4, '0')}` } },
      });
      assert.deepEqual(await res.json(), { data: { requestSignInCode: true } });
    }

    await page.goto('/signUp?lang=bn');
    await page.getByRole('button', { name: bn('phone.useMobile'), exact: true }).click();
    await page.getByLabel(bn('phone.number'), { exact: true }).fill('01819912345');
    const asked = page.waitForResponse(
      async (response) => response.url().endsWith('/graphql') && JSON.stringify(await response.json().catch(() => null)).includes('CHECK_REQUIRED'),
    );
    await page.getByRole('button', { name: bn('phone.sendCode'), exact: true }).click();
    await asked;
    // The phone solves the check by itself and the code is sent.
    await page.getByLabel(bn('phone.code'), { exact: true }).waitFor({ timeout: 60_000 });
    const [sent] = await sql<{ count: number }>(`SELECT count(*)::int AS count FROM sign_in_code WHERE phone = '+8801819912345'`);
    assert.equal(sent.count, 1);
    await visit.close();
  });
});
