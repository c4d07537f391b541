import { useAppPerFile } from '../../test/app-per-file';
import { testLog } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { Enrollment } from '../enrollment/enrollment.entity';
import { HttpClient, signedInClient } from '../../test/http-client';
import { Role } from '../../kernel/role';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { LiveExamReminder } from './live-exam-reminder.entity';
import { LIVE_EXAM_NOTICES_QUEUE, sendDueReminders, sendLiveExamNotices, type NoticeDeps } from './live-exam-notices';
import { JobQueue } from '../../db/job-queue';
import { waitFor } from '../../test/wait-for';
import { practiceModule } from './practice.module';
import { ensureSyllabus } from './syllabus-seed';

/** "Remind me" of a live exam: who may ask, what is refused, and each reminder in the outbox once, at its moment. */
const PASSWORD = 'a reminder password';
const BANGLA_PHONE = '+8801711000001';
let admin: HttpClient;
let bangla: HttpClient;
let english: HttpClient;

const given = useAppPerFile();
const deps = (): NoticeDeps => ({ db: given.db, mailer: given.app.services.mail.mailer, publicUrl: 'https://shikhon.example', log: testLog });

beforeEach(async () => {
  await ensureSyllabus(given.db);
  await makeUser(given.db, { email: 'admin@example.com', role: Role.ADMIN, name: 'Admin' }, PASSWORD);
  await makeUser(given.db, { email: 'rahim@example.com', name: 'মোঃ রহিম উদ্দিন', language: 'bn', phone: BANGLA_PHONE, phoneConfirmedAt: new Date() }, PASSWORD);
  await makeUser(given.db, { email: 'karim@example.com', name: 'Karim Hasan', language: 'en', phone: '+8801711000002', phoneConfirmedAt: null }, PASSWORD);
  admin = await signedInClient(given.app.url, 'admin@example.com', PASSWORD);
  bangla = await signedInClient(given.app.url, 'rahim@example.com', PASSWORD);
  english = await signedInClient(given.app.url, 'karim@example.com', PASSWORD);
});

const fromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

async function liveExam(extra: Record<string, unknown>): Promise<string> {
  const q = await admin.graphql<{ createQuestion: { id: string } }>(`mutation ($input: QuestionInput!) { createQuestion(input: $input) { id } }`, {
    input: { text: 'বলের একক কী?', options: ['জুল', 'নিউটন'], correctOption: 1, classLevel: 9, subjectId: 'physics' },
  });
  const created = await admin.graphql<{ createModelTest: { id: string } }>(`mutation ($input: ModelTestInput!) { createModelTest(input: $input) { id } }`, {
    input: { title: 'রাতের পদার্থবিজ্ঞান পরীক্ষা', classLevel: 9, subjectId: 'physics', durationMinutes: 30, questionIds: [q.data!.createQuestion.id], ...extra },
  });
  expect(created.errors).toBeUndefined();
  const id = created.data!.createModelTest.id;
  await admin.graphql(`mutation ($id: ID!) { setModelTestPublished(id: $id, published: true) { id } }`, { id });
  return id;
}

const REMIND = `mutation ($t: ID!, $c: ReminderChannel!) { remindMe(testId: $t, channel: $c) { testId channel } }`;
const CANCEL = `mutation ($t: ID!) { cancelReminder(testId: $t) }`;
const MINE = `query ($t: ID!) { modelTest(id: $t) { myReminder { channel } } }`;

const codeOf = (result: { errors?: Array<{ extensions?: Record<string, unknown> }> }) => result.errors?.[0]?.extensions?.code;
const outbox = () => given.db.getRepository(OutboxMessage).find({ order: { createdAt: 'ASC' } });

describe('remind me of a live exam', () => {
  it('is for signed-in students only', async () => {
    const test = await liveExam({ opensAt: fromNow(180), closesAt: fromNow(240) });
    expect(codeOf(await new HttpClient(given.app.url).graphql(REMIND, { t: test, c: 'EMAIL' }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await admin.graphql(REMIND, { t: test, c: 'EMAIL' }))).toBe('FORBIDDEN');
    expect(codeOf(await new HttpClient(given.app.url).graphql(CANCEL, { t: test }))).toBe('UNAUTHENTICATED');
    const { data, errors } = await english.graphql<{ remindMe: { channel: string } }>(REMIND, { t: test, c: 'EMAIL' });
    expect(errors).toBeUndefined();
    expect(data!.remindMe.channel).toBe('EMAIL');
  });

  it('refuses a test that is unknown, has no opening time, has opened, or an SMS without a confirmed number, in both languages', async () => {
    const anyTime = await liveExam({});
    const open = await liveExam({ opensAt: fromNow(-10), closesAt: fromNow(60) });
    const later = await liveExam({ opensAt: fromNow(180), closesAt: fromNow(240) });
    expect(codeOf(await english.graphql(REMIND, { t: '00000000-0000-4000-8000-000000000000', c: 'EMAIL' }))).toBe('MODEL_TEST_NOT_FOUND');
    expect(codeOf(await english.graphql(REMIND, { t: anyTime, c: 'EMAIL' }))).toBe('TEST_NOT_SCHEDULED');
    expect(codeOf(await english.graphql(REMIND, { t: open, c: 'EMAIL' }))).toBe('TEST_NOT_SCHEDULED');
    const noPhone = await english.graphql(REMIND, { t: later, c: 'SMS' });
    expect(codeOf(noPhone)).toBe('PHONE_NOT_CONFIRMED');
    expect(noPhone.errors![0].message).toMatch(/Confirm your mobile number/);
    english.headers['accept-language'] = 'bn';
    const inBangla = await english.graphql(REMIND, { t: later, c: 'SMS' });
    expect(inBangla.errors![0].message).toMatch(/মোবাইল নম্বর নিশ্চিত করুন/);
    const notScheduled = await english.graphql(REMIND, { t: open, c: 'EMAIL' });
    expect(notScheduled.errors![0].message).toBe('রিমাইন্ডার শুধু সেই লাইভ পরীক্ষার জন্য, যা এখনো শুরু হয়নি');
    expect(await given.db.getRepository(LiveExamReminder).count()).toBe(0);
  });

  it("is only for a student who may take the test: a course's test reminds its students, not others", async () => {
    const course = await makeCourse(given.db, { name: 'পদার্থবিজ্ঞান ৯ম শ্রেণি' });
    const test = await liveExam({ opensAt: fromNow(180), closesAt: fromNow(240), courseId: course.id, free: false });
    bangla.headers['accept-language'] = 'bn';
    const refused = await bangla.graphql(REMIND, { t: test, c: 'EMAIL' });
    expect(codeOf(refused)).toBe('NOT_ENROLLED');
    expect(refused.errors![0].message).toBe('এই মডেল টেস্ট কোর্সের শিক্ষার্থীদের জন্য: দিতে হলে কোর্সে ভর্তি হোন');
    expect(await given.db.getRepository(LiveExamReminder).count()).toBe(0);

    const rahim = await given.db.query<Array<{ id: string }>>(`SELECT id FROM "user" WHERE email = 'rahim@example.com'`);
    await given.db
      .getRepository(Enrollment)
      .insert({ studentId: rahim[0].id, courseId: course.id, courseName: course.name, courseDescription: course.description, email: 'rahim@example.com' });
    const { data, errors } = await bangla.graphql<{ remindMe: { channel: string } }>(REMIND, { t: test, c: 'EMAIL' });
    expect(errors).toBeUndefined();
    expect(data!.remindMe.channel).toBe('EMAIL');
  });

  it('shows the reminder on the test, changes its channel when asked again, and cancels it', async () => {
    const test = await liveExam({ opensAt: fromNow(180), closesAt: fromNow(240) });
    expect((await bangla.graphql<{ modelTest: { myReminder: null } }>(MINE, { t: test })).data!.modelTest.myReminder).toBeNull();
    await bangla.graphql(REMIND, { t: test, c: 'EMAIL' });
    await bangla.graphql(REMIND, { t: test, c: 'SMS' });
    expect((await bangla.graphql<{ modelTest: { myReminder: { channel: string } } }>(MINE, { t: test })).data!.modelTest.myReminder).toEqual({
      channel: 'SMS',
    });
    expect((await english.graphql<{ modelTest: { myReminder: null } }>(MINE, { t: test })).data!.modelTest.myReminder).toBeNull();
    expect((await bangla.graphql<{ cancelReminder: boolean }>(CANCEL, { t: test })).data!.cancelReminder).toBe(true);
    expect((await bangla.graphql<{ cancelReminder: boolean }>(CANCEL, { t: test })).data!.cancelReminder).toBe(false);
    await sendDueReminders(deps(), new Date(Date.now() + 175 * 60_000));
    expect(await outbox()).toEqual([]);
  });

  it('puts each reminder in the outbox at its moment, once, in the student’s language and by the channel asked', async () => {
    const opensAt = fromNow(180);
    const test = await liveExam({ opensAt: opensAt.toISOString(), closesAt: fromNow(240).toISOString() });
    expect((await bangla.graphql(REMIND, { t: test, c: 'SMS' })).errors).toBeUndefined();
    expect((await english.graphql(REMIND, { t: test, c: 'EMAIL' })).errors).toBeUndefined();
    const at = (minutesBefore: number) => new Date(opensAt.getTime() - minutesBefore * 60_000);

    // Two hours before: nothing yet.
    expect(await sendDueReminders(deps(), at(120))).toBe(0);
    expect(await outbox()).toEqual([]);

    // An hour before: one each; a second run (or a second server) sends nothing more.
    expect(await sendDueReminders(deps(), at(59))).toBe(2);
    expect(await sendDueReminders(deps(), at(58))).toBe(0);
    await sendLiveExamNotices(deps(), at(57));
    const hour = await outbox();
    expect(hour.map((m) => [m.channel, m.to])).toEqual(
      expect.arrayContaining([
        ['sms', BANGLA_PHONE],
        ['mail', 'karim@example.com'],
      ]),
    );
    expect(hour).toHaveLength(2);
    const sms = hour.find((m) => m.channel === 'sms')!;
    expect(sms.text).toContain('রাতের পদার্থবিজ্ঞান পরীক্ষা শুরু হবে');
    expect(sms.text).toMatch(/[০-৯]/);
    expect(sms.text).toContain(`https://shikhon.example/model-tests/${test}`);
    const mail = hour.find((m) => m.channel === 'mail')!;
    expect(mail.subject).toMatch(/^Reminder: রাতের পদার্থবিজ্ঞান পরীক্ষা opens at/);

    // Ten minutes before: the second one, once.
    expect(await sendDueReminders(deps(), at(9))).toBe(2);
    expect(await sendDueReminders(deps(), at(1))).toBe(0);
    expect(await outbox()).toHaveLength(4);
    // Once open, nothing more.
    expect(await sendDueReminders(deps(), at(-1))).toBe(0);
  });

  it('sends nothing for a test taken back from students', async () => {
    const opensAt = fromNow(180);
    const test = await liveExam({ opensAt: opensAt.toISOString(), closesAt: fromNow(240).toISOString() });
    await bangla.graphql(REMIND, { t: test, c: 'SMS' });
    await admin.graphql(`mutation ($id: ID!) { setModelTestPublished(id: $id, published: false) { id } }`, { id: test });
    expect(await sendDueReminders(deps(), new Date(opensAt.getTime() - 30 * 60_000))).toBe(0);
  });

  it("runs on the job queue: the manifest's job sends a reminder that is due", async () => {
    const test = await liveExam({ opensAt: fromNow(5).toISOString(), closesAt: fromNow(60).toISOString() });
    expect((await bangla.graphql(REMIND, { t: test, c: 'SMS' })).errors).toBeUndefined();
    const queue = new JobQueue((given.db.options as { url: string }).url, testLog, { scheduledPollingSeconds: 0.5 });
    try {
      const job = practiceModule.jobs!({ ...given.app.services, jobs: queue }).find((candidate) => candidate.queue === LIVE_EXAM_NOTICES_QUEUE)!;
      expect(job).toMatchObject({ cron: '* * * * *', phase: 'listening' });
      await job.start();
      const [sms] = await waitFor('the reminder in the outbox', async () => {
        const found = await outbox();
        return found.length > 0 ? found : null;
      });
      expect(sms).toMatchObject({ channel: 'sms', to: BANGLA_PHONE });
    } finally {
      await queue.stop();
    }
  });
});
