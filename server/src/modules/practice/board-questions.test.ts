import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { type HttpClient, signedInClient } from '../../test/http-client';
import { Role } from '../../kernel/role';
import { maxBoardYear } from './board-tag';
import { Question } from './question.entity';
import { ensureSyllabus } from './syllabus-seed';

// A question may carry the board exam that set it (Question.boardTag { board year }): written with
// the editor's mutations and the CSV import, checked (a known board, a year from 1990 to this year,
// both or neither), and used by students to practise board questions only.

const PASSWORD = 'a board password';
const MOTION = 'a0000000-0000-4000-8000-000000000902';
let admin: HttpClient;
let teacher: HttpClient;
let courseId: string;

const given = useAppPerFile();
beforeEach(async () => {
  await ensureSyllabus(given.db);
  await makeUser(given.db, { email: 'admin@example.com', role: Role.ADMIN, name: 'Admin' }, PASSWORD);
  const instructor = await makeUser(given.db, { email: 'teacher@example.com', role: Role.INSTRUCTOR, name: 'Teacher' }, PASSWORD);
  courseId = (await makeCourse(given.db, { name: 'Physics 9', price: 0, instructorId: instructor.id })).id;
  admin = await signedInClient(given.app.url, 'admin@example.com', PASSWORD);
  teacher = await signedInClient(given.app.url, 'teacher@example.com', PASSWORD);
});

type BoardTag = { board: string; year: number } | null;
type Q = { id: string; text: string; options: Array<{ id: string }>; correctOptionId: string; usableInPractice: boolean; boardTag: BoardTag };
const FIELDS = 'id text options { id } correctOptionId usableInPractice boardTag { board year }';
const CREATE = `mutation ($input: QuestionInput!) { createQuestion(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: QuestionInput!) { updateQuestion(id: $id, input: $input) { ${FIELDS} } }`;
const BANK = `query ($board: Boolean) { questionBank(boardQuestionsOnly: $board, limit: 50) { total items { ${FIELDS} } } }`;

let written = 0;
function input(extra: Record<string, unknown> = {}) {
  written += 1;
  return {
    text: `প্রশ্ন ${written}: $v = \\frac{s}{t}$ হলে ${written * 10} মিটার ${written} সেকেন্ডে গেলে বেগ কত?`,
    options: ['৫ মি/সে', '১০ মি/সে', '১৫ মি/সে'],
    correctOption: 1,
    explanation: `$v = \\frac{${written * 10}}{${written}} = 10$`,
    classLevel: 9,
    subjectId: 'physics',
    chapterId: MOTION,
    courseId: null,
    ...extra,
  };
}

async function create(extra: Record<string, unknown> = {}, client = admin): Promise<Q> {
  const { data, errors } = await client.graphql<{ createQuestion: Q }>(CREATE, { input: input(extra) });
  expect(errors).toBeUndefined();
  return data!.createQuestion;
}

describe("a question's board-exam tag", () => {
  it('is written by createQuestion, kept by an update that leaves it out, changed or taken away by one that gives it', async () => {
    const question = await create({ boardTag: { board: 'DHAKA', year: 2023 } });
    expect(question.boardTag).toEqual({ board: 'DHAKA', year: 2023 });
    const stored = await given.db.getRepository(Question).findOneByOrFail({ id: question.id });
    expect([stored.board, stored.boardYear]).toEqual(['DHAKA', 2023]);

    const kept = await admin.graphql<{ updateQuestion: Q }>(UPDATE, { id: question.id, input: input() });
    expect(kept.errors).toBeUndefined();
    expect(kept.data!.updateQuestion.boardTag).toEqual({ board: 'DHAKA', year: 2023 });

    const changed = await admin.graphql<{ updateQuestion: Q }>(UPDATE, { id: question.id, input: input({ boardTag: { board: 'RAJSHAHI', year: 2019 } }) });
    expect(changed.data!.updateQuestion.boardTag).toEqual({ board: 'RAJSHAHI', year: 2019 });
    const bank = await admin.graphql<{ questionBank: { items: Q[] } }>(BANK, {});
    expect(bank.data!.questionBank.items.map((q) => q.boardTag)).toEqual([{ board: 'RAJSHAHI', year: 2019 }]);

    const removed = await admin.graphql<{ updateQuestion: Q }>(UPDATE, { id: question.id, input: input({ boardTag: null }) });
    expect(removed.data!.updateQuestion.boardTag).toBeNull();
    const neither = await admin.graphql<{ updateQuestion: Q }>(UPDATE, { id: question.id, input: input({ boardTag: { board: null, year: null } }) });
    expect(neither.errors).toBeUndefined();
    expect(neither.data!.updateQuestion.boardTag).toBeNull();
  });

  it('is refused without its year or its board, with a year out of range, or an unknown board, in either language', async () => {
    const noYear = await admin.graphql(CREATE, { input: input({ boardTag: { board: 'SYLHET' } }) });
    expect(noYear.errors?.[0].message).toBe('A board question needs both its board and its year');
    expect(noYear.errors?.[0].extensions).toMatchObject({ code: 'BOARD_TAG_INCOMPLETE', field: 'input.boardTag.year' });

    const noBoard = await admin.graphql(CREATE, { input: input({ boardTag: { year: 2020 } }) });
    expect(noBoard.errors?.[0].extensions).toMatchObject({ code: 'BOARD_TAG_INCOMPLETE', field: 'input.boardTag.board' });

    const thisYear = maxBoardYear();
    const early = await admin.graphql(CREATE, { input: input({ boardTag: { board: 'DHAKA', year: 1985 } }) });
    expect(early.errors?.[0].message).toBe(`The board exam year must be from 1990 to ${thisYear}`);
    expect(early.errors?.[0].extensions).toMatchObject({ code: 'BOARD_YEAR_OUT_OF_RANGE', field: 'input.boardTag.year', max: thisYear });
    const future = await admin.graphql(CREATE, { input: input({ boardTag: { board: 'DHAKA', year: thisYear + 1 } }) });
    expect(future.errors?.[0].extensions?.code).toBe('BOARD_YEAR_OUT_OF_RANGE');

    const unknown = await admin.graphql(CREATE, { input: input({ boardTag: { board: 'NOAKHALI', year: 2020 } }) });
    expect(unknown.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    admin.headers['Accept-Language'] = 'bn';
    const bangla = await admin.graphql(CREATE, { input: input({ boardTag: { board: 'SYLHET' } }) });
    expect(bangla.errors?.[0].message).toBe('বোর্ড প্রশ্নের বোর্ড ও সাল দুটোই দিন, নয়তো কোনোটিই নয়');
    const banglaYear = await admin.graphql(CREATE, { input: input({ boardTag: { board: 'DHAKA', year: 1985 } }) });
    expect(banglaYear.errors?.[0].message).toBe(`বোর্ড পরীক্ষার সাল ১৯৯০ থেকে ${thisYear.toLocaleString('bn-BD', { useGrouping: false })} এর মধ্যে হতে হবে`);

    const question = await create();
    const update = await admin.graphql(UPDATE, { id: question.id, input: input({ boardTag: { year: 2020 } }) });
    expect(update.errors?.[0].extensions?.code).toBe('BOARD_TAG_INCOMPLETE');
    expect(await given.db.getRepository(Question).count()).toBe(1);
    expect((await given.db.getRepository(Question).findOneByOrFail({ id: question.id })).board).toBeNull();
  });

  it('comes in by CSV from the board and year columns, names and digits in Bangla or English, each bad cell refused by its column', async () => {
    const csv = `class,subject,chapter,difficulty,question,option1,option2,correct,explanation,board,year
৯,পদার্থবিজ্ঞান,গতি,সহজ,"প্রশ্ন ক: ত্বরণের একক কী?",m/s,m/s²,২,ব্যাখ্যা,রাজশাহী,২০২২
9,physics,2,EASY,"Question B: the unit of speed?",m/s,m/s²,1,,Dhaka Board,2023
9,physics,2,EASY,"Question C: no board",m/s,m/s²,1,,,
9,physics,2,EASY,"Question D",m/s,m/s²,1,,Noakhali,2023
9,physics,2,EASY,"Question E",m/s,m/s²,1,,,2021
9,physics,2,EASY,"Question F",m/s,m/s²,1,,CUMILLA,
9,physics,2,EASY,"Question G",m/s,m/s²,1,,যশোর,১৯৮০
`;
    const IMPORT = `mutation ($csv: String!, $course: ID) { importQuestions(csv: $csv, courseId: $course) { imported unchanged problems { line column reason } } }`;
    const IMPORT_COUNTS = `mutation ($csv: String!, $course: ID) { importQuestions(csv: $csv, courseId: $course) { imported updated unchanged } }`;
    const { data, errors } = await teacher.graphql<{ importQuestions: unknown }>(IMPORT, { csv, course: courseId });
    expect(errors).toBeUndefined();
    const thisYear = maxBoardYear();
    expect(data!.importQuestions).toEqual({
      imported: 3,
      unchanged: 0,
      problems: [
        {
          line: 5,
          column: 'board',
          reason:
            'Column board: Unknown education board "Noakhali": write Dhaka, Rajshahi, Cumilla, Jashore, Chattogram, Barishal, Sylhet, Dinajpur, Mymensingh, Madrasah or Technical, in Bangla or English',
        },
        { line: 6, column: 'board', reason: 'Column board: A board question needs both its board and its year' },
        { line: 7, column: 'year', reason: 'Column year: A board question needs both its board and its year' },
        { line: 8, column: 'year', reason: `Column year: Write the board exam year as a number from 1990 to ${thisYear}; "১৯৮০" is not one` },
      ],
    });
    const tags = await teacher.graphql<{ questionBank: { items: Q[] } }>(BANK, {});
    expect(Object.fromEntries(tags.data!.questionBank.items.map((q) => [q.text.split(':')[0], q.boardTag]))).toEqual({
      'প্রশ্ন ক': { board: 'RAJSHAHI', year: 2022 },
      'Question B': { board: 'DHAKA', year: 2023 },
      'Question C': null,
    });

    // The same file again changes nothing; corrected, it corrects the board tags (and only those rows).
    const again = await teacher.graphql<{ importQuestions: { imported: number; updated: number; unchanged: number } }>(IMPORT_COUNTS, {
      csv,
      course: courseId,
    });
    expect(again.data!.importQuestions).toEqual({ imported: 0, updated: 0, unchanged: 3 });
    const corrected = csv
      .replace('রাজশাহী,২০২২', 'সিলেট,২০২১')
      .replace('"Question C: no board",m/s,m/s²,1,,,', '"Question C: no board",m/s,m/s²,1,,Barishal,2019');
    const fixed = await teacher.graphql<{ importQuestions: { imported: number; updated: number; unchanged: number } }>(IMPORT_COUNTS, {
      csv: corrected,
      course: courseId,
    });
    expect(fixed.data!.importQuestions).toEqual({ imported: 0, updated: 2, unchanged: 1 });
    const retagged = await teacher.graphql<{ questionBank: { items: Q[] } }>(BANK, {});
    expect(Object.fromEntries(retagged.data!.questionBank.items.map((q) => [q.text.split(':')[0], q.boardTag]))).toEqual({
      'প্রশ্ন ক': { board: 'SYLHET', year: 2021 },
      'Question B': { board: 'DHAKA', year: 2023 },
      'Question C': { board: 'BARISHAL', year: 2019 },
    });
    // Taking the tag away is a correction too.
    const untagged = await teacher.graphql<{ importQuestions: { updated: number } }>(IMPORT_COUNTS, {
      csv: corrected.replace('Barishal,2019', ','),
      course: courseId,
    });
    expect(untagged.data!.importQuestions.updated).toBe(1);

    teacher.headers['Accept-Language'] = 'bn';
    const bangla = await teacher.graphql<{ importQuestions: { problems: Array<{ reason: string }> } }>(IMPORT, {
      csv: `class,subject,question,option1,option2,correct,board,year\n9,physics,"Question H",a,b,1,Noakhali,2020\n9,physics,"Question I",a,b,1,ঢাকা,\n`,
      course: courseId,
    });
    expect(bangla.data!.importQuestions.problems.map((p) => p.reason)).toEqual([
      'কলাম board: "Noakhali" নামে কোনো শিক্ষা বোর্ড নেই: ঢাকা, রাজশাহী, কুমিল্লা, যশোর, চট্টগ্রাম, বরিশাল, সিলেট, দিনাজপুর, ময়মনসিংহ, মাদ্রাসা বা কারিগরি লিখুন (বাংলা বা ইংরেজিতে)',
      'কলাম year: বোর্ড প্রশ্নের বোর্ড ও সাল দুটোই দিন, নয়তো কোনোটিই নয়',
    ]);
  });
});

describe('board questions only', () => {
  it("lists only the bank's board questions for its authors", async () => {
    await create({ boardTag: { board: 'DHAKA', year: 2023 } });
    await create({ boardTag: { board: 'MADRASAH', year: 2021 }, usableInPractice: false });
    await create();
    const all = await admin.graphql<{ questionBank: { total: number } }>(BANK, {});
    expect(all.data!.questionBank.total).toBe(3);
    const board = await admin.graphql<{ questionBank: { total: number; items: Q[] } }>(BANK, { board: true });
    expect(board.data!.questionBank.total).toBe(2);
    expect(board.data!.questionBank.items.map((q) => q.boardTag?.board).sort()).toEqual(['DHAKA', 'MADRASAH']);
  });

  it('gives a student a practice set of board questions usable in practice only, with the board and year after each answer and in the review', async () => {
    const board = [
      await create({ boardTag: { board: 'DHAKA', year: 2023 } }),
      await create({ boardTag: { board: 'CHATTOGRAM', year: 2022 } }),
      await create({ boardTag: { board: 'JASHORE', year: 2019 } }),
    ];
    const examOnly = await create({ boardTag: { board: 'SYLHET', year: 2020 }, usableInPractice: false });
    const plain = [await create(), await create(), await create()];
    const student = await makeUser(given.db, { email: 'student@example.com', name: 'ছাত্র' }, PASSWORD);
    const client = await signedInClient(given.app.url, student.email, PASSWORD);

    const START = `mutation ($input: PracticeInput!) { startPractice(input: $input) { id title practiceSet { boardQuestionsOnly } questions { id } } }`;
    const started = await client.graphql<{
      startPractice: { id: string; title: string; practiceSet: { boardQuestionsOnly: boolean }; questions: Array<{ id: string }> };
    }>(START, { input: { classLevel: 10, subjectId: 'physics', chapterIds: [MOTION], count: 10, boardQuestionsOnly: true } });
    expect(started.errors).toBeUndefined();
    const set = started.data!.startPractice;
    expect(set.practiceSet.boardQuestionsOnly).toBe(true);
    // Its name says what it holds, as the set of any questions does not.
    expect(set.title).toMatch(/^Physics practice: .+ \(board questions\)$/);
    expect(set.questions.map((q) => q.id).sort()).toEqual(board.map((q) => q.id).sort());
    expect(set.questions.some((q) => q.id === examOnly.id || plain.some((p) => p.id === q.id))).toBe(false);

    const anyQuestion = await client.graphql<{ startPractice: { title: string; questions: Array<{ id: string }> } }>(START, {
      input: { classLevel: 9, subjectId: 'physics', count: 10 },
    });
    expect(anyQuestion.data!.startPractice.title).toBe('Physics practice');
    expect(anyQuestion.data!.startPractice.questions).toHaveLength(6);
    expect(anyQuestion.data!.startPractice.questions.some((q) => q.id === examOnly.id)).toBe(false);

    const first = board.find((q) => q.id === set.questions[0].id)!;
    const ANSWER = `mutation ($a: ID!, $q: ID!, $o: ID!) { answerPractice(attemptId: $a, questionId: $q, optionId: $o) { answeredCorrectly boardTag { board year } } }`;
    const answered = await client.graphql<{ answerPractice: { answeredCorrectly: boolean; boardTag: BoardTag } }>(ANSWER, {
      a: set.id,
      q: first.id,
      o: first.correctOptionId,
    });
    expect(answered.data!.answerPractice).toEqual({ answeredCorrectly: true, boardTag: first.boardTag });

    // Saved, it keeps its board tag on the saved questions' page.
    expect((await client.graphql(`mutation ($q: ID!) { saveQuestion(questionId: $q) }`, { q: first.id })).errors).toBeUndefined();
    const saved = await client.graphql<{ savedQuestions: { items: Array<{ questionId: string; boardTag: BoardTag | null }> } }>(
      `{ savedQuestions(limit: 10) { items { questionId boardTag { board year } } } }`,
    );
    expect(saved.data!.savedQuestions.items).toEqual([{ questionId: first.id, boardTag: first.boardTag }]);

    const SUBMIT = `mutation ($a: ID!) { submitAttempt(attemptId: $a) { review { questionId boardTag { board year } } } }`;
    const submitted = await client.graphql<{ submitAttempt: { review: Array<{ questionId: string; boardTag: BoardTag }> } }>(SUBMIT, { a: set.id });
    expect(submitted.errors).toBeUndefined();
    expect(Object.fromEntries(submitted.data!.submitAttempt.review.map((item) => [item.questionId, item.boardTag]))).toEqual(
      Object.fromEntries(board.map((q) => [q.id, q.boardTag])),
    );
  });

  it('says so when no board question matches, never falling back to others', async () => {
    await create();
    await create({ boardTag: { board: 'DHAKA', year: 2023 }, usableInPractice: false });
    const student = await makeUser(given.db, { email: 'student@example.com', name: 'ছাত্র' }, PASSWORD);
    const client = await signedInClient(given.app.url, student.email, PASSWORD);
    const none = await client.graphql(`mutation ($input: PracticeInput!) { startPractice(input: $input) { id } }`, {
      input: { classLevel: 9, subjectId: 'physics', count: 10, boardQuestionsOnly: true },
    });
    expect(none.errors?.[0].extensions?.code).toBe('NO_PRACTICE_QUESTIONS');
  });
});
