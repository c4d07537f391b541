import { useAppPerFile } from '../../test/app-per-file';
import { makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { Role } from '../../kernel/role';
import { firstNameAndInitial } from './leaderboard.service';
import { ensureSyllabus } from './syllabus-seed';

const PASSWORD = 'a leaderboard password';
const given = useAppPerFile();
let admin: HttpClient;
beforeEach(async () => {
  await ensureSyllabus(given.db);
  await makeUser(given.db, { email: 'admin@example.com', role: Role.ADMIN }, PASSWORD);
  admin = await signedInClient(given.app.url, 'admin@example.com', PASSWORD);
});

type Q = { id: string; correctOptionId: string };
async function freeTest(): Promise<{ testId: string; question: Q }> {
  const q = await admin.graphql<{ createQuestion: Q }>(`mutation ($input: QuestionInput!) { createQuestion(input: $input) { id correctOptionId } }`, {
    input: { text: 'বলের একক কী?', options: ['জুল', 'নিউটন'], correctOption: 1, classLevel: 9, subjectId: 'physics' },
  });
  const t = await admin.graphql<{ createModelTest: { id: string } }>(`mutation ($input: ModelTestInput!) { createModelTest(input: $input) { id } }`, {
    input: { title: 'বল: মডেল টেস্ট', classLevel: 9, subjectId: 'physics', durationMinutes: 10, questionIds: [q.data!.createQuestion.id] },
  });
  await admin.graphql(`mutation ($id: ID!) { setModelTestPublished(id: $id, published: true) { id } }`, { id: t.data!.createModelTest.id });
  return { testId: t.data!.createModelTest.id, question: q.data!.createQuestion };
}

let count = 0;
async function sit(name: string, testId: string, question: Q): Promise<HttpClient> {
  count += 1;
  const user = await makeUser(given.db, { email: `minor${count}@example.com`, name }, PASSWORD);
  const client = await signedInClient(given.app.url, user.email, PASSWORD);
  const started = await client.graphql<{ startAttempt: { id: string } }>(`mutation ($id: ID!) { startAttempt(testId: $id) { id } }`, { id: testId });
  const attemptId = started.data!.startAttempt.id;
  await client.graphql(`mutation ($a: ID!, $q: ID!, $o: ID!) { saveAnswer(attemptId: $a, questionId: $q, optionId: $o) { optionId } }`, {
    a: attemptId,
    q: question.id,
    o: question.correctOptionId,
  });
  await client.graphql(`mutation ($a: ID!) { submitAttempt(attemptId: $a) { score } }`, { a: attemptId });
  return client;
}

const BOARD = `query ($id: ID!) { leaderboard(testId: $id, offset: 0, limit: 10) { items { name } } }`;

describe('leaderboards fit for minors', () => {
  it('write a first name and the initial of the last, past a Md. or মোঃ', () => {
    expect(firstNameAndInitial('Rahim Uddin')).toBe('Rahim U.');
    expect(firstNameAndInitial('মোঃ করিম হাসান')).toBe('করিম হ.');
    expect(firstNameAndInitial('Md. Shakib Al Hasan')).toBe('Shakib H.');
    expect(firstNameAndInitial('নুসরাত জাহান ক্ষমা')).toBe('নুসরাত ক্ষ.');
    expect(firstNameAndInitial('Rahim')).toBe('Rahim');
  });

  it('show a visitor no full name by default; each student chooses their full name or none', async () => {
    const { testId, question } = await freeTest();
    const rahim = await sit('Rahim Uddin', testId, question);
    await sit('মোঃ করিম হাসান', testId, question);
    const nadia = await sit('Nadia Islam', testId, question);

    const visitor = new HttpClient(given.app.url);
    const names = async (language = 'en') => {
      visitor.headers['accept-language'] = language;
      const { data } = await visitor.graphql<{ leaderboard: { items: Array<{ name: string }> } }>(BOARD, { id: testId });
      return data!.leaderboard.items.map((row) => row.name);
    };
    const byDefault = await names();
    expect(byDefault).toEqual(['Rahim U.', 'করিম হ.', 'Nadia I.']);
    for (const surname of ['Uddin', 'হাসান', 'Islam']) expect(JSON.stringify(byDefault)).not.toContain(surname);
    expect((await rahim.graphql<{ myLeaderboardName: string }>(`{ myLeaderboardName }`)).data!.myLeaderboardName).toBe('FIRST_NAME_AND_INITIAL');

    await nadia.graphql(`mutation { setLeaderboardName(shown: FULL_NAME) }`);
    await rahim.graphql(`mutation { setLeaderboardName(shown: NONE) }`);
    expect(await names()).toEqual(['Student', 'করিম হ.', 'Nadia Islam']);
    expect(await names('bn')).toEqual(['শিক্ষার্থী', 'করিম হ.', 'Nadia Islam']);
    expect((await rahim.graphql<{ myLeaderboardNameHidden: boolean }>(`{ myLeaderboardNameHidden }`)).data!.myLeaderboardNameHidden).toBe(true);
  });
});
