/**
 * Receipts: each paid payment's page (drawn by the server in the buyer's language, printable) and
 * its PDF, for the buyer and admins only; `PaymentRecord.receiptURL`, `transactionId` and
 * `failureReason`; the receipt mail and SMS linking to the page; the email typed at checkout.
 * Bought with bKash through the offline SSLCommerz imitation, over real HTTP, on real PostgreSQL.
 */
import type { DataSource } from 'typeorm';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase, resetDatabase } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { pdfText } from '../../test/pdf-text';
import { Role } from '../../kernel/role';
import { signAccessToken } from '../auth/access-token';
import type { Course } from '../course/course.entity';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { User } from '../user/user.entity';
import { PAYMENT_CANCELLED_BY_BUYER, PAYMENT_GATEWAY_ERROR, PAYMENT_PAGE_EXPIRED } from '../../payments/provider';
import { Payment, PaymentStatus } from './payment.entity';
import { CHECKOUT_EXPIRED } from './provider-events.service';

let db: DataSource;
let app: TestApp;
let buyer: HttpClient;
let course: Course;

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startTestApp(db, { PUBLIC_URL: 'self' });
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});
beforeEach(async () => {
  await resetDatabase(db);
  await makeUser(db, { email: 'rafi@example.com', name: 'রাফি হাসান', language: 'bn' }, 'student password');
  await makeUser(db, { email: 'other@example.com', name: 'Other Student' }, 'student password');
  await makeUser(db, { email: 'boss@example.com', name: 'Admin', role: Role.ADMIN }, 'admin password');
  buyer = await signedInClient(app.url, 'rafi@example.com', 'student password');
  course = await makeCourse(db, { name: 'পদার্থবিজ্ঞান – নবম শ্রেণি', price: 10, priceBDT: 1200 });
});

const BUY = `mutation ($input: PurchaseInput!) { purchaseCourse(input: $input) { status redirectURL message } }`;

/** Starts a bKash purchase; answers the gateway page's address. */
async function startBuying(client: HttpClient, billing: Record<string, string> = {}): Promise<string> {
  const { data, errors } = await client.graphql<{ purchaseCourse: { status: string; redirectURL: string | null } }>(BUY, {
    input: { courseId: course.id, provider: 'SSLCOMMERZ', billingDetails: { name: 'Rafi Hasan', phone: '01712-345678', ...billing } },
  });
  if (!data) throw new Error(JSON.stringify(errors));
  return data.purchaseCourse.redirectURL!;
}

/** The buyer on the gateway's page (pay, fail or cancel), then back to us, as a browser does. */
async function onGateway(redirectURL: string, action: 'pay' | 'fail' | 'cancel' = 'pay'): Promise<string> {
  const page = await fetch(redirectURL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method: 'bkash', action, ipn: 'now' }),
  });
  const html = await page.text();
  const back = /<form id="back" method="post" action="([^"]+)"/.exec(html)![1];
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]));
  const res = await fetch(back, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return res.headers.get('location')!;
}

async function buyWithBkash(client = buyer, billing: Record<string, string> = {}): Promise<Payment> {
  expect(await onGateway(await startBuying(client, billing))).toContain('success=true');
  return db.getRepository(Payment).findOneByOrFail({ courseId: course.id, status: PaymentStatus.SUCCEEDED });
}

const signedIn = (email: string, password: string) => signedInClient(app.url, email, password);

const MY_PAYMENTS = `{ myPayments { items { id status transactionId receiptURL receiptUrl failureReason failureMessage } } }`;
type Record_ = {
  id: string;
  status: string;
  transactionId: string | null;
  receiptURL: string | null;
  receiptUrl: string | null;
  failureReason: string | null;
  failureMessage: string | null;
};

describe('a receipt page for each payment', () => {
  it('is drawn by the server in the Bangla buyer’s language, printable, with the transaction id, bKash, the amount in taka, the date and the course', async () => {
    const payment = await buyWithBkash();
    expect(payment.transactionRef).toBeTruthy();
    const res = await buyer.request(`/api/receipts/${payment.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('<html lang="bn">');
    expect(html).toContain('পেমেন্টের রসিদ');
    expect(html).toContain(`<dt>লেনদেন আইডি</dt><dd>${payment.transactionRef}</dd>`);
    expect(html).toContain('<dt>পরিশোধের মাধ্যম</dt><dd>bKash</dd>');
    expect(html).toContain('<dt>দাম</dt><dd>৳১,২০০</dd>');
    expect(html).toContain('<dt>কোর্স</dt><dd>পদার্থবিজ্ঞান – নবম শ্রেণি</dd>');
    expect(html).toContain('<dt>পরিশোধকারী</dt><dd>রাফি হাসান</dd>');
    // The date in Bangla digits, no Latin digit in any value but the transaction id.
    const date = /<dt>তারিখ<\/dt><dd>([^<]+)<\/dd>/.exec(html)![1];
    expect(date).toMatch(/^[০-৯]+ \S+, [০-৯]{4}$/);
    expect(html).toContain('@media print');
    expect(html).toContain(`href="/api/receipts/${payment.id}/pdf"`);
    // In English when asked for.
    const english = await (await buyer.request(`/api/receipts/${payment.id}?lang=en`)).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<dt>Amount</dt><dd>৳1,200</dd>');
    expect(english).toContain(`<dt>Transaction ID</dt><dd>${payment.transactionRef}</dd>`);
    expect(english).toContain('<dt>Paid with</dt><dd>bKash</dd>');
  });

  it('comes as a PDF with the same facts', async () => {
    const payment = await buyWithBkash();
    const res = await buyer.request(`/api/receipts/${payment.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="receipt-[\w.-]+\.pdf"$/);
    const pdf = await pdfText(await res.arrayBuffer());
    // A PDF's text layer keeps Bangla in the order its glyphs are drawn (vowel signs before their
    // consonant, reph moved), so Bangla lines are compared by their letters: consonants, digits and Latin.
    const letters = (line: string) => line.replace(/[^\u0985-\u0994\u0995-\u09b9\u09dc-\u09df\u09e6-\u09efA-Za-z0-9৳,]/g, '').replace(/র/g, '');
    const drawn = pdf.split('\n').map(letters);
    for (const line of ['পেমেন্টের রসিদ', `লেনদেন আইডি ${payment.transactionRef}`, 'পরিশোধের মাধ্যম bKash', 'দাম ৳১,২০০', 'কোর্স পদার্থবিজ্ঞান – নবম শ্রেণি'])
      expect(drawn).toContain(letters(line));
    // The date, in Bangla digits: day, month, year.
    expect(drawn.some((line) => new RegExp(`^${letters('তারিখ')}[০-৯]{1,2}[^0-9]+,[০-৯]{4}$`).test(line))).toBe(true);
    const english = await pdfText(await (await buyer.request(`/api/receipts/${payment.id}/pdf?lang=en`)).arrayBuffer());
    for (const part of ['Payment receipt', 'Transaction ID', payment.transactionRef!, 'bKash', '৳1,200', 'Amount']) expect(english).toContain(part);
  });

  it('is for its buyer and admins only: another student, a visitor and an unknown id are told it is not found', async () => {
    const payment = await buyWithBkash();
    const admin = await signedIn('boss@example.com', 'admin password');
    const other = await signedIn('other@example.com', 'student password');
    const visitor = new HttpClient(app.url);
    for (const path of [`/api/receipts/${payment.id}`, `/api/receipts/${payment.id}/pdf`]) {
      expect((await buyer.request(path)).status).toBe(200);
      expect((await admin.request(path)).status).toBe(200);
      for (const stranger of [other, visitor]) {
        const res = await stranger.request(path);
        expect(res.status).toBe(404);
        const body = await res.text();
        // The same answer as for a payment that does not exist: nothing of the payment.
        expect(body).not.toContain(payment.transactionRef!);
        expect(body).not.toContain('রাফি');
        expect(JSON.parse(body)).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
      }
    }
    const unknown = await admin.request('/api/receipts/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await admin.request('/api/receipts/not-an-id/pdf')).status).toBe(404);
    // The admin reads it in the buyer's language.
    expect(await (await admin.request(`/api/receipts/${payment.id}`)).text()).toContain('<html lang="bn">');
  });

  it('does not exist for a failed payment', async () => {
    expect(await onGateway(await startBuying(buyer), 'fail')).toContain('failed=true');
    const [failed] = await db.getRepository(Payment).findBy({ courseId: course.id });
    expect(failed.status).toBe(PaymentStatus.FAILED);
    expect((await buyer.request(`/api/receipts/${failed.id}`)).status).toBe(404);
    expect((await buyer.request(`/api/receipts/${failed.id}/pdf`)).status).toBe(404);
  });
});

describe('PaymentRecord', () => {
  it('gives a paid payment its receiptURL (and the deprecated receiptUrl, the same) and transaction id, and a failed one neither', async () => {
    expect(await onGateway(await startBuying(buyer), 'fail')).toContain('failed=true');
    const paid = await buyWithBkash();
    const { data } = await buyer.graphql<{ myPayments: { items: Record_[] } }>(MY_PAYMENTS);
    const byId = Object.fromEntries(data!.myPayments.items.map((item) => [item.id, item]));
    expect(byId[paid.id]).toMatchObject({
      status: 'SUCCEEDED',
      transactionId: paid.transactionRef,
      receiptURL: `${app.url}/receipts/${paid.id}`,
      receiptUrl: `${app.url}/receipts/${paid.id}`,
      failureReason: null,
    });
    const failed = data!.myPayments.items.find((item) => item.id !== paid.id)!;
    expect(failed).toMatchObject({ status: 'FAILED', transactionId: null, receiptURL: null, receiptUrl: null, failureReason: 'DECLINED' });
    // Admins see the same address in the list of every payment.
    const admin = await signedIn('boss@example.com', 'admin password');
    const all = await admin.graphql<{ payments: { items: Array<{ id: string; receiptURL: string | null }> } }>(`{ payments { items { id receiptURL } } }`);
    expect(all.data!.payments.items.find((item) => item.id === paid.id)!.receiptURL).toBe(`${app.url}/receipts/${paid.id}`);
  });

  it('says why each failure failed: declined, cancelled by the buyer, expired, or a gateway error', async () => {
    expect(await onGateway(await startBuying(buyer), 'fail')).toContain('failed=true');
    expect(await onGateway(await startBuying(buyer), 'cancel')).toContain('canceled=true');
    const rafi = await db.getRepository(User).findOneByOrFail({ email: 'rafi@example.com' });
    const row = (failureMessage: string, key: string) =>
      db.getRepository(Payment).save({
        studentId: rafi.id,
        courseId: course.id,
        provider: 'sslcommerz',
        providerRef: null,
        amountMinor: 120_000,
        currency: 'bdt',
        status: PaymentStatus.FAILED,
        idempotencyKey: key,
        billingDetails: null,
        failureMessage,
        transactionRef: null,
        actionUrl: null,
      });
    await row(PAYMENT_PAGE_EXPIRED, 'expired');
    await row(CHECKOUT_EXPIRED, 'checkout-expired');
    // Read in Bangla: each reason in the page's language.
    buyer.headers['accept-language'] = 'bn';
    // The gateway refuses a session under ৳10: nothing charged, and said so.
    const cheap = await makeCourse(db, { name: 'Tiny', price: 1, priceBDT: 5 });
    const refused = await buyer.graphql(BUY, { input: { courseId: cheap.id, provider: 'SSLCOMMERZ', billingDetails: { phone: '01712-345678' } } });
    expect(refused.errors?.[0]?.extensions?.code).toBe('PAYMENT_DECLINED');
    const { data } = await buyer.graphql<{ myPayments: { items: Record_[] } }>(MY_PAYMENTS);
    const reasons = data!.myPayments.items.map((item) => [item.failureReason, item.failureMessage]).sort();
    expect(reasons).toEqual(
      [
        ['CANCELLED', 'আপনি পেমেন্ট পাতায় পরিশোধ বাতিল করেছেন'],
        ['DECLINED', 'পেমেন্ট পাতায় পরিশোধ সম্পন্ন হয়নি'],
        ['EXPIRED', 'সময়ের মধ্যে পরিশোধ সম্পন্ন না হওয়ায় মেয়াদ শেষ হয়েছে। আপনি আবার কোর্সটি কিনতে পারেন।'],
        ['EXPIRED', expect.any(String)],
        ['GATEWAY_ERROR', 'পেমেন্ট সেবার সঙ্গে যোগাযোগ করা যায়নি। কোনো টাকা কাটা হয়নি।'],
      ].sort(),
    );
    // The stored reasons, as written in English.
    const stored = (await db.getRepository(Payment).findBy({ studentId: rafi.id })).map((p) => p.failureMessage);
    expect(stored).toEqual(expect.arrayContaining([PAYMENT_CANCELLED_BY_BUYER, PAYMENT_GATEWAY_ERROR]));
  });
});

describe('the receipt by mail and SMS', () => {
  const outbox = () => db.getRepository(OutboxMessage).find({ order: { createdAt: 'ASC' } });

  it('mails the receipt with a link to its page', async () => {
    const payment = await buyWithBkash();
    const mails = (await outbox()).filter((m) => m.channel === 'mail' && m.to === 'rafi@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('আপনার শিখন রসিদ: পদার্থবিজ্ঞান – নবম শ্রেণি');
    expect(mails[0].text).toContain(`আপনার রসিদ: ${app.url}/receipts/${payment.id}\n`);
    expect(mails[0].text).toContain(`লেনদেন: ${payment.transactionRef}`);
  });

  it('sends the receipt to the email typed for it at checkout too', async () => {
    const payment = await buyWithBkash(buyer, { email: 'parent@example.com' });
    const mails = (await outbox()).filter((m) => m.channel === 'mail');
    expect(mails.map((m) => m.to).sort()).toEqual(['parent@example.com', 'rafi@example.com']);
    const typed = mails.find((m) => m.to === 'parent@example.com')!;
    expect(typed.subject).toBe('আপনার শিখন রসিদ: পদার্থবিজ্ঞান – নবম শ্রেণি');
    expect(typed.text).toContain(`${app.url}/receipts/${payment.id}`);
  });

  it('sends the account’s own address the receipt once when it is the one typed at checkout', async () => {
    await buyWithBkash(buyer, { email: 'RAFI@example.com' });
    expect((await outbox()).filter((m) => m.channel === 'mail').map((m) => m.to)).toEqual(['rafi@example.com']);
  });

  it('texts an account without email a short receipt linking to the receipt page (not the profile), which the buyer can open', async () => {
    const phoneOnly = await db.getRepository(User).save({
      name: 'মোবাইল শিক্ষার্থী',
      email: null,
      passwordHash: null,
      phone: '+8801812345679',
      phoneConfirmedAt: new Date(),
      date: null,
      role: Role.STUDENT,
      image: null,
      emailVerifiedAt: null,
      language: 'bn',
    } as Partial<User>);
    const client = new HttpClient(app.url);
    client.token = signAccessToken(TEST_JWT_SECRET, { sub: phoneOnly.id, role: Role.STUDENT, sv: phoneOnly.sessionVersion ?? 0 });
    const redirect = await startBuying(client, { phone: '01812-345679', email: 'guardian@example.com' });
    expect(await onGateway(redirect)).toContain('success=true');
    const payment = await db.getRepository(Payment).findOneByOrFail({ studentId: phoneOnly.id, status: PaymentStatus.SUCCEEDED });
    const sms = (await outbox()).filter((m) => m.channel === 'sms' && m.to === '+8801812345679');
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toBe(`শিখন: আপনার শিখন রসিদ: পদার্থবিজ্ঞান – নবম শ্রেণি। পুরোটা পড়ুন এখানে: ${app.url}/receipts/${payment.id}`);
    // The email typed at checkout gets the whole receipt.
    const mails = (await outbox()).filter((m) => m.channel === 'mail');
    expect(mails.map((m) => m.to)).toEqual(['guardian@example.com']);
    // The link's receipt opens for the buyer.
    const res = await client.request(`/api/receipts/${payment.id}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<dd>bKash</dd>');
  });
});
