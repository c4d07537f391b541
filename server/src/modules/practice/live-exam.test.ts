import { useAppPerFile } from '../../test/app-per-file';
import { makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { Role } from '../../kernel/role';
import { ensureSyllabus } from './syllabus-seed';

const PASSWORD = 'a live exam password';
let admin: HttpClient;

const given = useAppPerFile();
beforeEach(async () => {
  await ensureSyllabus(given.db);
  await makeUser(given.db, { email: 'admin@example.com', role: Role.ADMIN, name: 'Admin' }, PASSWORD);
  admin = await signedInClient(given.app.url, 'admin@example.com', PASSWORD);
});

const hours = (n: number) => new Date(Date.now() + n * 3600_000).toISOString();

async function liveExam(client: HttpClient, title: string, extra: Record<string, unknown>): Promise<string> {
  const q = await client.graphql<{ createQuestion: { id: string } }>(`mutation ($input: QuestionInput!) { createQuestion(input: $input) { id } }`, {
    input: { text: `${title}: বলের একক কী?`, options: ['জুল', 'নিউটন'], correctOption: 1, classLevel: 9, subjectId: 'physics' },
  });
  const created = await client.graphql<{ createModelTest: { id: string } }>(`mutation ($input: ModelTestInput!) { createModelTest(input: $input) { id } }`, {
    input: { title, classLevel: 9, subjectId: 'physics', durationMinutes: 30, questionIds: [q.data!.createQuestion.id], ...extra },
  });
  expect(created.errors).toBeUndefined();
  const id = created.data!.createModelTest.id;
  await client.graphql(`mutation ($id: ID!) { setModelTestPublished(id: $id, published: true) { id } }`, { id });
  return id;
}

describe('live exams', () => {
  it('lists the exams of a class whose window has not closed, open ones and then the soonest first; visitors see them too', async () => {
    const later = await liveExam(admin, 'পরের সপ্তাহের পরীক্ষা', { opensAt: hours(48), closesAt: hours(49) });
    const soon = await liveExam(admin, 'আজ রাতের পরীক্ষা', { opensAt: hours(2), closesAt: hours(3) });
    const open = await liveExam(admin, 'এখন চলছে', { opensAt: hours(-1), closesAt: hours(1) });
    await liveExam(admin, 'শেষ হয়ে গেছে', { opensAt: hours(-3), closesAt: hours(-2) });
    await liveExam(admin, 'যেকোনো সময়', {});
    await liveExam(admin, 'দশম শ্রেণির পরীক্ষা', { classLevel: 10, opensAt: hours(2), closesAt: hours(3) });

    const visitor = new HttpClient(given.app.url);
    const { data } = await visitor.graphql<{ upcomingModelTests: { total: number; items: Array<{ id: string }> } }>(
      `{ upcomingModelTests(classLevel: 9, offset: 0, limit: 10) { total items { id } } }`,
    );
    expect(data!.upcomingModelTests.items.map((t) => t.id)).toEqual([open, soon, later]);
    expect(data!.upcomingModelTests.total).toBe(3);
  });
});
