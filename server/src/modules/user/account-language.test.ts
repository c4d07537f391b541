import { useAppPerFile } from '../../test/app-per-file';
import { HttpClient } from '../../test/http-client';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { User } from './user.entity';

const given = useAppPerFile({ env: { PUBLIC_URL: 'http://shikhon.local' } });

const SIGN_UP = 'mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken user { language } } }';
const input = {
  name: 'Nusrat Jahan',
  email: 'nusrat@example.com',
  password: 'a long enough password',
  phone: '01712345678',
  date: '2007-09-01',
  role: 'STUDENT',
};
const lastMailTo = (to: string) => given.db.getRepository(OutboxMessage).findOneOrFail({ where: { to }, order: { createdAt: 'DESC' } });

/** Signs up from a browser that reads `language`, and keeps its access token. */
async function signUpIn(language: 'bn' | 'en') {
  const browser = new HttpClient(given.app.url);
  browser.cookies.set('lang', language);
  const { data, errors } = await browser.graphql<{ signUp: { accessToken: string; user: { language: string } } }>(SIGN_UP, { input });
  expect(errors).toBeUndefined();
  browser.token = data!.signUp.accessToken;
  return { browser, language: data!.signUp.user.language };
}

describe("an account's language", () => {
  it('is the language the person signed up in, and their first email is written in it', async () => {
    const { language } = await signUpIn('bn');
    expect(language).toBe('bn');
    const mail = await lastMailTo('nusrat@example.com');
    expect(mail.subject).toBe('শিখনের জন্য আপনার ইমেইল নিশ্চিত করুন');
    expect(mail.text).toContain('প্রিয় Nusrat Jahan');
    expect(mail.text).toContain('৪৮ ঘণ্টার মধ্যে');
  });

  it('changes with setLanguage, and later emails follow it whatever language the request came in', async () => {
    const { browser } = await signUpIn('bn');
    const { data } = await browser.graphql<{ setLanguage: { language: string } }>('mutation { setLanguage(language: "en") { language } }');
    expect(data!.setLanguage.language).toBe('en');
    expect((await given.db.getRepository(User).findOneByOrFail({ email: 'nusrat@example.com' })).language).toBe('en');

    const visitor = new HttpClient(given.app.url);
    visitor.cookies.set('lang', 'bn');
    await visitor.graphql('mutation { requestPasswordReset(email: "nusrat@example.com") }');
    expect((await lastMailTo('nusrat@example.com')).subject).toBe('Reset your Shikhon password');
  });

  it('is told to the person on their next sign-in, on any device', async () => {
    const { browser } = await signUpIn('bn');
    expect(await browser.graphql('mutation { setLanguage(language: "bn") { language } }')).toMatchObject({ data: { setLanguage: { language: 'bn' } } });
    const otherDevice = new HttpClient(given.app.url);
    const { data } = await otherDevice.graphql<{ login: { user: { language: string } } }>(
      'mutation { login(email: "nusrat@example.com", password: "a long enough password") { user { language } } }',
    );
    expect(data!.login.user.language).toBe('bn');
  });

  it('refuses a language the site does not speak, and keeps the one it had', async () => {
    const { browser } = await signUpIn('en');
    const { errors } = await browser.graphql('mutation { setLanguage(language: "fr") { language } }');
    expect(errors![0]).toMatchObject({ message: 'Choose one of the languages: bn, en', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await given.db.getRepository(User).findOneByOrFail({ email: 'nusrat@example.com' })).language).toBe('en');
  });

  it('can only be set by a signed-in person', async () => {
    const { errors } = await new HttpClient(given.app.url).graphql('mutation { setLanguage(language: "bn") { language } }');
    expect(errors![0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
