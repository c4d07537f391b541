import { useAppPerFile } from '../../test/app-per-file';
import { testLog } from '../../test/database';
import { makeUser } from '../../test/factories';
import { type HttpClient, signedInClient } from '../../test/http-client';
import { Role } from '../../kernel/role';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { LeaderboardName, LeaderboardPreference } from './leaderboard-preference.entity';
import { LiveExamReminder, ReminderChannel } from './live-exam-reminder.entity';
import { sendDueResults, type NoticeDeps } from './live-exam-notices';
import { ensureSyllabus } from './syllabus-seed';

/** A live exam's merit list once it closed: everyone ranked by the leaderboard's order, each told their result once. */
const PASSWORD = 'a merit list password';
let admin: HttpClient;

type Q = { id: string; options: Array<{ id: string }>; correctOptionId: string };

const given = useAppPerFile();
const deps = (): NoticeDeps => ({ db: given.db, mailer: given.app.services.mail.mailer, publicUrl: 'https://shikhon.example', log: testLog });

beforeEach(async () => {
  await ensureSyllabus(given.db);
  await makeUser(given.db, { email: 'admin@example.com', role: Role.ADMIN, name: 'Admin' }, PASSWORD);
  admin = await signedInClient(given.app.url, 'admin@example.com', PASSWORD);
});

async function questions(count: number): Promise<Q[]> {
  const made: Q[] = [];
  for (let n = 1; n <= count; n += 1) {
    const { data } = await admin.graphql<{ createQuestion: Q }>(
      `mutation ($input: QuestionInput!) { createQuestion(input: $input) { id options { id } correctOptionId } }`,
      {
        input: { text: `প্রশ্ন ${n}: বলের একক কী?`, options: ['জুল', 'নিউটন', 'ওয়াট'], correctOption: 1, classLevel: 9, subjectId: 'physics' },
      },
    );
    made.push(data!.createQuestion);
  }
  return made;
}

async function liveExam(qs: Q[], closesAt: Date): Promise<string> {
  const created = await admin.graphql<{ createModelTest: { id: string } }>(`mutation ($input: ModelTestInput!) { createModelTest(input: $input) { id } }`, {
    input: {
      title: 'Friday physics live',
      classLevel: 9,
      subjectId: 'physics',
      free: true,
      durationMinutes: 30,
      graceSeconds: 60,
      opensAt: new Date(Date.now() - 60_000).toISOString(),
      closesAt: closesAt.toISOString(),
      questionIds: qs.map((q) => q.id),
    },
  });
  expect(created.errors).toBeUndefined();
  const id = created.data!.createModelTest.id;
  await admin.graphql(`mutation ($id: ID!) { setModelTestPublished(id: $id, published: true) { id } }`, { id });
  return id;
}

let phones = 0;
async function takes(name: string, language: 'bn' | 'en', testId: string, qs: Q[], rightAnswers: number, extra: Record<string, unknown> = {}) {
  phones += 1;
  const email = `taker${phones}@example.com`;
  const user = await makeUser(given.db, { email, name, language, phone: `+88017110000${10 + phones}`, phoneConfirmedAt: new Date(), ...extra }, PASSWORD);
  const client = await signedInClient(given.app.url, email, PASSWORD);
  const started = await client.graphql<{ startAttempt: { id: string; questions: Array<{ id: string }> } }>(
    `mutation ($id: ID!) { startAttempt(testId: $id) { id questions { id } } }`,
    { id: testId },
  );
  expect(started.errors).toBeUndefined();
  const attempt = started.data!.startAttempt;
  for (const [index, question] of attempt.questions.entries()) {
    const q = qs.find((candidate) => candidate.id === question.id)!;
    const option = index < rightAnswers ? q.correctOptionId : q.options.find((o) => o.id !== q.correctOptionId)!.id;
    await client.graphql(`mutation ($a: ID!, $q: ID!, $o: ID!) { saveAnswer(attemptId: $a, questionId: $q, optionId: $o) { questionId } }`, {
      a: attempt.id,
      q: question.id,
      o: option,
    });
  }
  expect((await client.graphql(`mutation ($a: ID!) { submitAttempt(attemptId: $a) { score } }`, { a: attempt.id })).errors).toBeUndefined();
  return user;
}

describe("a live exam's merit list", () => {
  it('ranks everyone who took it once it closed and its grace window passed, and tells each their score and rank once', async () => {
    const qs = await questions(3);
    const closesAt = new Date(Date.now() + 3600_000);
    const test = await liveExam(qs, closesAt);
    const rahim = await takes('মোঃ রহিম উদ্দিন', 'bn', test, qs, 2);
    const karim = await takes('Karim Hasan', 'en', test, qs, 3);
    const nadia = await takes('Nadia Islam', 'en', test, qs, 1);
    // Rahim asked for SMS; the others hear by mail.
    await given.db.getRepository(LiveExamReminder).save({ userId: rahim.id, testId: test, channel: ReminderChannel.SMS });
    // Nadia chose to show no name on public lists.
    await given.db.getRepository(LeaderboardPreference).save({ userId: nadia.id, nameShown: LeaderboardName.NONE });

    // Before the close, and inside the grace window after it: nothing.
    expect(await sendDueResults(deps(), new Date(closesAt.getTime() - 60_000))).toBe(0);
    expect(await sendDueResults(deps(), new Date(closesAt.getTime() + 30_000))).toBe(0);
    expect(await given.db.getRepository(OutboxMessage).count()).toBe(0);

    // Once the grace window passed: one result each; a second run sends none.
    const after = new Date(closesAt.getTime() + 61_000);
    expect(await sendDueResults(deps(), after)).toBe(3);
    expect(await sendDueResults(deps(), after)).toBe(0);
    const sent = await given.db.getRepository(OutboxMessage).find();
    expect(sent).toHaveLength(3);
    const sms = sent.find((m) => m.to === rahim.phone)!;
    expect(sms.channel).toBe('sms');
    expect(sms.text).toBe(`শিখন: Friday physics live: নম্বর ২, মেধাক্রম ৩ জনের মধ্যে ২। https://shikhon.example/model-tests/${test}`);
    const toKarim = sent.find((m) => m.to === karim.email)!;
    expect(toKarim.subject).toBe('Your result: Friday physics live');
    expect(toKarim.text).toContain('Your score: 3\nYour rank: 1 of 3');
    expect(sent.find((m) => m.to === nadia.email)!.text).toContain('Your score: 1\nYour rank: 3 of 3');

    // The merit list, as public lists show names.
    const { data } = await given.visitor.graphql<{ leaderboard: { total: number; items: Array<{ rank: number; name: string; score: number }> } }>(
      `query ($t: ID!) { leaderboard(testId: $t, offset: 0, limit: 10) { total items { rank name score } } }`,
      { t: test },
    );
    expect(data!.leaderboard).toEqual({
      total: 3,
      items: [
        { rank: 1, name: 'Karim H.', score: 3 },
        { rank: 2, name: 'রহিম উ.', score: 2 },
        { rank: 3, name: 'Student', score: 1 },
      ],
    });
  });

  it('sends nothing to a student who declined results, who still appears on the merit list; saying yes again sends the next', async () => {
    const qs = await questions(2);
    const closesAt = new Date(Date.now() + 3600_000);
    const test = await liveExam(qs, closesAt);
    const rahim = await takes('মোঃ রহিম উদ্দিন', 'bn', test, qs, 2);
    const karim = await takes('Karim Hasan', 'en', test, qs, 1);
    const rahimClient = await signedInClient(given.app.url, rahim.email, PASSWORD);
    const ask = async () => (await rahimClient.graphql<{ myLiveExamResults: boolean }>('{ myLiveExamResults }')).data!.myLiveExamResults;
    expect(await ask()).toBe(true);
    const declined = await rahimClient.graphql<{ setLiveExamResults: boolean }>('mutation { setLiveExamResults(send: false) }');
    expect(declined.data!.setLiveExamResults).toBe(false);
    expect(await ask()).toBe(false);

    expect(await sendDueResults(deps(), new Date(closesAt.getTime() + 61_000))).toBe(1);
    expect((await given.db.getRepository(OutboxMessage).find()).map((message) => message.to)).toEqual([karim.email]);
    const { data } = await given.visitor.graphql<{ leaderboard: { total: number } }>(
      `query ($t: ID!) { leaderboard(testId: $t, offset: 0, limit: 10) { total } }`,
      { t: test },
    );
    expect(data!.leaderboard.total).toBe(2);

    // Yes again: the next exam's result comes.
    await rahimClient.graphql('mutation { setLiveExamResults(send: true) }');
    expect(await ask()).toBe(true);
    const nextCloses = new Date(Date.now() + 7200_000);
    const next = await liveExam(qs, nextCloses);
    const again = await signedInClient(given.app.url, rahim.email, PASSWORD);
    const started = await again.graphql<{ startAttempt: { id: string } }>(`mutation ($id: ID!) { startAttempt(testId: $id) { id } }`, { id: next });
    await again.graphql(`mutation ($a: ID!) { submitAttempt(attemptId: $a) { score } }`, { a: started.data!.startAttempt.id });
    expect(await sendDueResults(deps(), new Date(nextCloses.getTime() + 61_000))).toBe(1);
    expect((await given.db.getRepository(OutboxMessage).find()).map((message) => message.to).sort()).toEqual([karim.email, rahim.email].sort());
  });

  it('sends nothing for a test nobody took', async () => {
    const qs = await questions(1);
    const closesAt = new Date(Date.now() + 3600_000);
    await liveExam(qs, closesAt);
    expect(await sendDueResults(deps(), new Date(closesAt.getTime() + 3600_000))).toBe(0);
    expect(await given.db.getRepository(OutboxMessage).count()).toBe(0);
  });
});
