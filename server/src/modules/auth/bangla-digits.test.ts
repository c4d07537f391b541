/**
 * A student types numbers the way Avro and Ridmik do, in Bangla digits: sign-up, the profile (GraphQL
 * and the old REST path), checkout with bKash, certificate numbers and page numbers all read them
 * as the same numbers, and a Bangladeshi mobile is kept in one form, +8801XXXXXXXXX.
 */
import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse } from '../../test/factories';
import { HttpClient } from '../../test/http-client';
import { Enrollment } from '../enrollment/enrollment.entity';
import { Payment, PaymentStatus } from '../payment/payment.entity';
import { BANGLADESH_MOBILE } from '../payment/checkout.service';
import { User } from '../user/user.entity';

const given = useAppPerFile({ env: { PUBLIC_URL: 'self' } });

const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken user { id phone date } } }`;
const UPDATE = `mutation ($input: ProfileInput!) { updateProfile(input: $input) { phone date } }`;
const BUY = `mutation ($input: PurchaseInput!) { purchaseCourse(input: $input) { status redirectURL message } }`;

async function signUpInBangla(): Promise<HttpClient> {
  const browser = new HttpClient(given.app.url);
  const { data, errors } = await browser.graphql<{ signUp: { accessToken: string; user: { phone: string; date: string } } }>(SIGN_UP, {
    input: { name: 'রাফি হাসান', email: 'rafi@example.com', password: 'a long password', phone: '০১৭১২-৩৪৫৬৭৮', date: '২০১০-০৩-১৫', role: 'STUDENT' },
  });
  expect(errors).toBeUndefined();
  expect(data!.signUp.user).toMatchObject({ phone: '+8801712345678', date: '2010-03-15' });
  browser.token = data!.signUp.accessToken;
  return browser;
}

describe('numbers typed in Bangla digits', () => {
  it('signs up with a phone typed in Bangla digits and pays for a course with bKash, the phone again in Bangla digits', async () => {
    const course = await makeCourse(given.db, { name: 'পদার্থবিজ্ঞান – ক্লাস ৯', price: 10, priceBDT: 1200 });
    const student = await signUpInBangla();
    const { data, errors } = await student.graphql<{ purchaseCourse: { status: string; redirectURL: string } }>(BUY, {
      input: { courseId: course.id, provider: 'SSLCOMMERZ', billingDetails: { name: 'রাফি হাসান', phone: '০১৭১২৩৪৫৬৭৮' } },
    });
    expect(errors).toBeUndefined();
    expect(data!.purchaseCourse.status).toBe('REQUIRES_ACTION');
    // On the gateway's page the buyer pays with bKash; the IPN settles it.
    const res = await fetch(data!.purchaseCourse.redirectURL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ method: 'bkash', action: 'pay', ipn: 'now' }),
    });
    expect(res.status).toBe(200);
    const [payment] = await given.db.getRepository(Payment).findBy({ courseId: course.id });
    expect(payment.status).toBe(PaymentStatus.SUCCEEDED);
    expect(await given.db.getRepository(Enrollment).countBy({ courseId: course.id })).toBe(1);
  });

  it('refuses a phone that is no Bangladeshi mobile at checkout, in Bangla digits too, and writes nothing', async () => {
    const course = await makeCourse(given.db, { price: 10, priceBDT: 1200 });
    const student = await signUpInBangla();
    const { errors } = await student.graphql(BUY, { input: { courseId: course.id, provider: 'SSLCOMMERZ', billingDetails: { phone: '০১২১২৩৪৫৬৭৮' } } });
    expect(errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { phone: BANGLADESH_MOBILE } });
    expect(await given.db.getRepository(Payment).countBy({ courseId: course.id })).toBe(0);
  });

  it('keeps the same phone whether the profile is saved through GraphQL or the old REST path', async () => {
    const student = await signUpInBangla();
    const { data } = await student.graphql<{ updateProfile: { phone: string; date: string } }>(UPDATE, {
      input: { phone: '+৮৮০ ১৯১২ ৩৪৫৬৭৮', date: '২০০৯-১২-৩১' },
    });
    expect(data!.updateProfile).toEqual({ phone: '+8801912345678', date: '2009-12-31' });
    const rest = await student.request('/api/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'rafi@example.com', phone: '০১৯১২ ৩৪৫৬৭৮', date: '২০০৯-১২-৩১' }),
    });
    expect(rest.status).toBe(201);
    const stored = await given.db.getRepository(User).findOneByOrFail({ email: 'rafi@example.com' });
    expect({ phone: stored.phone, date: stored.date }).toEqual({ phone: '+8801912345678', date: '2009-12-31' });
  });

  it('reads page numbers of the old lists in Bangla digits', async () => {
    await makeCourse(given.db, { name: 'First' });
    await makeCourse(given.db, { name: 'Second' });
    const english = (await (await fetch(`${given.app.url}/api/courses?offset=1&limit=1`)).json()) as Array<{ name: string }>;
    const bangla = (await (await fetch(`${given.app.url}/api/courses?offset=১&limit=১`)).json()) as Array<{ name: string }>;
    expect(bangla).toEqual(english);
    expect(bangla).toHaveLength(1);
  });
});
