import { useAppPerFile } from '../../test/app-per-file';
import { makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { Role } from '../../kernel/role';
import { classOf } from './model-test-search.service';
import { ensureSyllabus } from './syllabus-seed';

const PASSWORD = 'a search password';
const given = useAppPerFile();
let admin: HttpClient;
beforeEach(async () => {
  await ensureSyllabus(given.db);
  await makeUser(given.db, { email: 'admin@example.com', role: Role.ADMIN }, PASSWORD);
  admin = await signedInClient(given.app.url, 'admin@example.com', PASSWORD);
});

async function publishedTest(title: string, classLevel: number, subjectId: string): Promise<string> {
  const q = await admin.graphql<{ createQuestion: { id: string } }>(`mutation ($input: QuestionInput!) { createQuestion(input: $input) { id } }`, {
    input: { text: `${title}?`, options: ['ক', 'খ'], correctOption: 0, classLevel, subjectId },
  });
  const t = await admin.graphql<{ createModelTest: { id: string } }>(`mutation ($input: ModelTestInput!) { createModelTest(input: $input) { id } }`, {
    input: { title, classLevel, subjectId, durationMinutes: 10, questionIds: [q.data!.createQuestion.id] },
  });
  await admin.graphql(`mutation ($id: ID!) { setModelTestPublished(id: $id, published: true) { id } }`, { id: t.data!.createModelTest.id });
  return t.data!.createModelTest.id;
}

const SEARCH = `query ($text: String!) { practiceSearch(text: $text) { subject { id } classLevel tests { id } } }`;
type Found = { practiceSearch: { subject: { id: string } | null; classLevel: number | null; tests: Array<{ id: string }> } | null };

describe('searching for tests and practice', () => {
  it('reads a class from the ways students write it', () => {
    expect(classOf('class 9 physics')).toBe(9);
    expect(classOf('৯ম শ্রেণি পদার্থবিজ্ঞান')).toBe(9);
    expect(classOf('নবম শ্রেণির রসায়ন')).toBe(9);
    expect(classOf('দশম')).toBe(10);
    expect(classOf('একাদশ শ্রেণি')).toBe(11);
    expect(classOf('১০ শ্রেণি')).toBe(10);
    expect(classOf('SSC model test')).toBe(9);
    expect(classOf('hsc chemistry')).toBe(11);
    expect(classOf('ভর্তি পরীক্ষা')).toBe(13);
    expect(classOf('8th grade')).toBe(8);
    expect(classOf('physics')).toBeNull();
  });

  it('finds the tests of a subject and class named in Bangla or English, and says nothing for a course-only search', async () => {
    const physics9 = await publishedTest('পদার্থবিজ্ঞান নবম শ্রেণি মডেল টেস্ট', 9, 'physics');
    const chemistry9 = await publishedTest('রসায়ন নবম শ্রেণি মডেল টেস্ট', 9, 'chemistry');
    const physics11 = await publishedTest('HSC Physics model test', 11, 'physics');
    const visitor = new HttpClient(given.app.url);
    const ask = async (text: string) => (await visitor.graphql<Found>(SEARCH, { text })).data!.practiceSearch;

    const bangla = await ask('পদার্থবিজ্ঞান');
    expect(bangla!.subject!.id).toBe('physics');
    expect(bangla!.tests.map((t) => t.id).sort()).toEqual([physics9, physics11].sort());
    expect((await ask('physics class 9'))!.tests.map((t) => t.id)).toEqual([physics9]);
    expect((await ask('নবম শ্রেণি'))!.tests.map((t) => t.id).sort()).toEqual([physics9, chemistry9].sort());
    expect((await ask('মডেল টেস্ট'))!.tests).toHaveLength(3);
    expect((await ask('পদার্থ'))!.subject!.id).toBe('physics');
    expect(await ask('graphic design')).toBeNull();
  });
});
