import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { LessonQuizQuestion } from './lesson-quiz.entity';
import { ModelTest, ModelTestQuestion } from './model-test.entity';
import { Difficulty, Question } from './question.entity';
import { ensureSyllabus } from './syllabus-seed';
import { sscPhysics } from './syllabus';
import { sscPhysicsBank } from './practice-seed-physics';

type DemoQuestion = [text: string, options: string[], correct: number, explanation: string, chapterId: string | null];

const MOTION = 'a0000000-0000-4000-8000-000000000902';
const FORCE = 'a0000000-0000-4000-8000-000000000903';
const MEASURE = 'a0000000-0000-4000-8000-000000000901';
const ENERGY = 'a0000000-0000-4000-8000-000000000904';
const GRAMMAR = 'a0000000-0000-4000-8000-000000000931';
const BANGLADESH = 'a0000000-0000-4000-8000-000000000941';
const WORLD = 'a0000000-0000-4000-8000-000000000942';

const physics: DemoQuestion[] = [
  [
    'একটি গাড়ি $5\\,\\text{s}$ এ $100\\,\\text{m}$ পথ গেলে এর গড় দ্রুতি কত?',
    ['$10\\,\\text{m/s}$', '$20\\,\\text{m/s}$', '$25\\,\\text{m/s}$', '$500\\,\\text{m/s}$'],
    1,
    'গড় দ্রুতি $v = \\frac{s}{t} = \\frac{100}{5} = 20\\,\\text{m/s}$।',
    MOTION,
  ],
  [
    'ত্বরণের একক কোনটি?',
    ['$\\text{m/s}$', '$\\text{m/s}^2$', '$\\text{N}$', '$\\text{J}$'],
    1,
    'ত্বরণ হলো বেগের পরিবর্তনের হার, তাই একক $\\text{m/s}^2$।',
    MOTION,
  ],
  [
    'স্থির অবস্থা থেকে $2\\,\\text{m/s}^2$ সমত্বরণে চলা বস্তুর $4\\,\\text{s}$ পরে বেগ কত?',
    ['$2\\,\\text{m/s}$', '$6\\,\\text{m/s}$', '$8\\,\\text{m/s}$', '$16\\,\\text{m/s}$'],
    2,
    '$v = u + at = 0 + 2 \\times 4 = 8\\,\\text{m/s}$।',
    MOTION,
  ],
  [
    'মুক্তভাবে পড়ন্ত বস্তুর ত্বরণ প্রায় কত?',
    ['$9.8\\,\\text{m/s}^2$', '$1.6\\,\\text{m/s}^2$', '$98\\,\\text{m/s}^2$', '$0.98\\,\\text{m/s}^2$'],
    0,
    'পৃথিবীপৃষ্ঠে অভিকর্ষজ ত্বরণ $g \\approx 9.8\\,\\text{m/s}^2$।',
    MOTION,
  ],
  ['বলের SI একক কোনটি?', ['জুল', 'ওয়াট', 'নিউটন', 'প্যাসকেল'], 2, 'বলের একক নিউটন: $1\\,\\text{N} = 1\\,\\text{kg·m/s}^2$।', FORCE],
  [
    '$2\\,\\text{kg}$ ভরের বস্তুতে $3\\,\\text{m/s}^2$ ত্বরণ সৃষ্টি করতে কত বল লাগে?',
    ['$1.5\\,\\text{N}$', '$5\\,\\text{N}$', '$6\\,\\text{N}$', '$9\\,\\text{N}$'],
    2,
    'নিউটনের দ্বিতীয় সূত্র: $F = ma = 2 \\times 3 = 6\\,\\text{N}$।',
    FORCE,
  ],
  [
    'জড়তার ধারণা কোন সূত্র থেকে পাওয়া যায়?',
    ['নিউটনের প্রথম সূত্র', 'নিউটনের দ্বিতীয় সূত্র', 'নিউটনের তৃতীয় সূত্র', 'মহাকর্ষ সূত্র'],
    0,
    'প্রথম সূত্র বলে: বাইরের বল না থাকলে স্থির বস্তু স্থির আর চলমান বস্তু সমবেগে চলতে থাকে — এটিই জড়তা।',
    FORCE,
  ],
  ['প্রতিটি ক্রিয়ার সমান ও বিপরীত প্রতিক্রিয়া আছে — এটি কোন সূত্র?', ['প্রথম সূত্র', 'দ্বিতীয় সূত্র', 'তৃতীয় সূত্র', 'কোনোটিই নয়'], 2, 'এটি নিউটনের গতির তৃতীয় সূত্র।', FORCE],
  ['নিচের কোনটি মৌলিক রাশি?', ['বেগ', 'বল', 'ভর', 'কাজ'], 2, 'সাতটি মৌলিক রাশির একটি ভর; বাকিগুলো লব্ধ রাশি।', MEASURE],
  ['$1\\,\\text{km}$ সমান কত মিটার?', ['$10$', '$100$', '$1000$', '$10^6$'], 2, '$1\\,\\text{km} = 10^3\\,\\text{m}$।', MEASURE],
  [
    '$10\\,\\text{N}$ বল প্রয়োগে বস্তু বলের দিকে $5\\,\\text{m}$ সরলে কাজ কত?',
    ['$2\\,\\text{J}$', '$15\\,\\text{J}$', '$50\\,\\text{J}$', '$0.5\\,\\text{J}$'],
    2,
    '$W = Fs = 10 \\times 5 = 50\\,\\text{J}$।',
    ENERGY,
  ],
  [
    '$2\\,\\text{kg}$ ভরের বস্তু $3\\,\\text{m/s}$ বেগে চললে গতিশক্তি কত?',
    ['$3\\,\\text{J}$', '$6\\,\\text{J}$', '$9\\,\\text{J}$', '$18\\,\\text{J}$'],
    2,
    '$E_k = \\frac{1}{2}mv^2 = \\frac{1}{2} \\times 2 \\times 3^2 = 9\\,\\text{J}$।',
    ENERGY,
  ],
];

const english: DemoQuestion[] = [
  [
    'Choose the correct form: She ___ to school every day.',
    ['go', 'goes', 'going', 'gone'],
    1,
    'A singular subject in the present simple takes the verb with -s: "she goes".',
    GRAMMAR,
  ],
  ['Which word is an adverb?', ['quick', 'quickly', 'quickness', 'quicker'], 1, '"Quickly" describes how an action is done: it is an adverb.', GRAMMAR],
  ['The plural of "child" is:', ['childs', 'childes', 'children', 'childrens'], 2, '"Children" is an irregular plural.', GRAMMAR],
  [
    'Fill in the gap: I have lived here ___ 2015.',
    ['for', 'since', 'from', 'at'],
    1,
    '"Since" is used with a point in time; "for" with a length of time.',
    GRAMMAR,
  ],
  [
    'Choose the passive form of "They built the bridge."',
    ['The bridge is built by them.', 'The bridge was built by them.', 'The bridge has built.', 'The bridge were built.'],
    1,
    'The past simple active becomes "was/were + past participle" in the passive.',
    GRAMMAR,
  ],
  [
    'Which sentence is correct?',
    ['He don’t like tea.', 'He doesn’t likes tea.', 'He doesn’t like tea.', 'He not like tea.'],
    2,
    'After "doesn’t" the verb takes its base form: "like".',
    GRAMMAR,
  ],
  ['The antonym of "ancient" is:', ['old', 'modern', 'historic', 'early'], 1, '"Modern" means belonging to the present: the opposite of "ancient".', GRAMMAR],
  ['Choose the right article: ___ honest man.', ['a', 'an', 'the', 'no article'], 1, '"Honest" begins with a vowel sound, so it takes "an".', GRAMMAR],
];

const admission: DemoQuestion[] = [
  [
    'বাংলাদেশের জাতীয় সংসদের আসন সংখ্যা (সংরক্ষিত আসনসহ) কত?',
    ['৩০০', '৩৩০', '৩৫০', '৪০০'],
    2,
    'সরাসরি নির্বাচিত ৩০০ এবং সংরক্ষিত নারী আসন ৫০, মোট ৩৫০।',
    BANGLADESH,
  ],
  ['বাংলাদেশের স্বাধীনতা দিবস কোন দিন?', ['২১ ফেব্রুয়ারি', '২৬ মার্চ', '১৬ ডিসেম্বর', '১৪ এপ্রিল'], 1, '২৬ মার্চ স্বাধীনতা দিবস; ১৬ ডিসেম্বর বিজয় দিবস।', BANGLADESH],
  ['পদ্মা সেতুর দৈর্ঘ্য প্রায় কত?', ['৪.১৫ কিমি', '৬.১৫ কিমি', '৮.১৫ কিমি', '৫.৮ কিমি'], 1, 'মূল পদ্মা সেতুর দৈর্ঘ্য ৬.১৫ কিলোমিটার।', BANGLADESH],
  ['বাংলাদেশের সবচেয়ে বড় ম্যানগ্রোভ বন কোনটি?', ['লাউয়াছড়া', 'সুন্দরবন', 'ভাওয়াল', 'মধুপুর'], 1, 'সুন্দরবন পৃথিবীর বৃহত্তম ম্যানগ্রোভ বন।', BANGLADESH],
  ['জাতিসংঘের সদর দপ্তর কোথায়?', ['জেনেভা', 'প্যারিস', 'নিউ ইয়র্ক', 'লন্ডন'], 2, 'জাতিসংঘের সদর দপ্তর নিউ ইয়র্কে।', WORLD],
  ['$\\sqrt{144} + 2^3$ এর মান কত?', ['$16$', '$18$', '$20$', '$24$'], 2, '$\\sqrt{144} = 12$ এবং $2^3 = 8$, যোগফল $20$।', null],
  ['পৃথিবীর বৃহত্তম মহাসাগর কোনটি?', ['আটলান্টিক', 'ভারত', 'প্রশান্ত', 'আর্কটিক'], 2, 'প্রশান্ত মহাসাগর আয়তনে সবচেয়ে বড়।', WORLD],
  ['SAARC এর সদস্য দেশ কয়টি?', ['৭', '৮', '৯', '১০'], 1, 'আফগানিস্তান যোগ দেওয়ার পর সার্কের সদস্য ৮টি দেশ।', WORLD],
  [
    '"অপরাজেয় বাংলা" ভাস্কর্যটি কোথায়?',
    ['জাহাঙ্গীরনগর বিশ্ববিদ্যালয়', 'ঢাকা বিশ্ববিদ্যালয়', 'রাজশাহী বিশ্ববিদ্যালয়', 'চট্টগ্রাম বিশ্ববিদ্যালয়'],
    1,
    'অপরাজেয় বাংলা ঢাকা বিশ্ববিদ্যালয়ের কলা ভবনের সামনে।',
    BANGLADESH,
  ],
  [
    'একটি ট্রেন $60\\,\\text{km/h}$ বেগে $2.5$ ঘণ্টায় কত দূর যায়?',
    ['$120\\,\\text{km}$', '$150\\,\\text{km}$', '$24\\,\\text{km}$', '$180\\,\\text{km}$'],
    1,
    '$s = vt = 60 \\times 2.5 = 150\\,\\text{km}$।',
    null,
  ],
];

interface DemoTest {
  title: string;
  description: string;
  classLevel: number;
  subjectId: string;
  durationMinutes: number;
  negativeMark: number;
  passMark: number;
  questions: DemoQuestion[];
}

export const demoModelTests: DemoTest[] = [
  {
    title: 'পদার্থবিজ্ঞান নবম শ্রেণি: গতি, বল ও শক্তি — মডেল টেস্ট',
    description: 'নবম-দশম শ্রেণির পদার্থবিজ্ঞানের প্রথম চার অধ্যায় থেকে ১২টি বহুনির্বাচনী প্রশ্ন, ১৫ মিনিট।',
    classLevel: 9,
    subjectId: 'physics',
    durationMinutes: 15,
    negativeMark: 0,
    passMark: 6,
    questions: physics,
  },
  {
    title: 'English Grammar for Class 9-10: Model Test',
    description: 'Eight grammar questions for English-medium and SSC students, 10 minutes.',
    classLevel: 9,
    subjectId: 'english',
    durationMinutes: 10,
    negativeMark: 0,
    passMark: 4,
    questions: english,
  },
  {
    title: 'বিশ্ববিদ্যালয় ভর্তি প্রস্তুতি: সাধারণ জ্ঞান — মডেল টেস্ট (নেগেটিভ মার্কিং)',
    description: 'ভর্তি পরীক্ষার ধাঁচে ১০টি প্রশ্ন, ১০ মিনিট; প্রতিটি ভুল উত্তরে ০.২৫ নম্বর কাটা যাবে।',
    classLevel: 13,
    subjectId: 'general-knowledge',
    durationMinutes: 10,
    negativeMark: 0.25,
    passMark: 5,
    questions: admission,
  },
];

/** Subjects of the demo courses, by words of their names in either language. */
const courseSubjects: Array<[RegExp, string]> = [
  [/উচ্চতর গণিত|higher math/i, 'higher-mathematics'],
  [/গণিত|math/i, 'mathematics'],
  [/পদার্থ|physics/i, 'physics'],
  [/রসায়ন|chemistry/i, 'chemistry'],
  [/জীববিজ্ঞান|biology/i, 'biology'],
  [/ইংরেজি|english/i, 'english'],
  [/আইসিটি|তথ্য ও যোগাযোগ|\bICT\b/i, 'ict'],
  [/বিজ্ঞান|science/i, 'general-science'],
];

/** The demo question banks (SSC physics for every chapter) and three free model tests (a seeded database shows practice at once). */
export async function seedPractice(manager: EntityManager): Promise<void> {
  await ensureSyllabus(manager);
  const courses = await manager.query<Array<{ id: string; name: string }>>(`SELECT "id", "name" FROM "course" WHERE "subjectId" IS NULL`);
  for (const course of courses) {
    const subject = courseSubjects.find(([pattern]) => pattern.test(course.name))?.[1];
    if (subject) await manager.query(`UPDATE "course" SET "subjectId" = $2 WHERE "id" = $1`, [course.id, subject]);
  }
  for (const [index, demo] of demoModelTests.entries()) {
    const questions = await manager.getRepository(Question).save(
      demo.questions.map(([text, options, correct, explanation, chapterId]) => {
        const withIds = options.map((option) => ({ id: randomUUID(), text: option }));
        return {
          text,
          options: withIds,
          correctOptionId: withIds[correct].id,
          explanation,
          classLevel: demo.classLevel,
          subjectId: demo.subjectId,
          chapterId,
          difficulty: Difficulty.MEDIUM,
          courseId: null,
          authorId: null,
          importKey: null,
        };
      }),
    );
    const test = await manager.getRepository(ModelTest).save({
      title: demo.title,
      description: demo.description,
      classLevel: demo.classLevel,
      subjectId: demo.subjectId,
      courseId: null,
      free: true,
      durationMinutes: demo.durationMinutes,
      negativeMark: demo.negativeMark,
      passMark: demo.passMark,
      published: true,
      authorId: null,
      createdAt: new Date(Date.now() - index * 60_000),
    });
    await manager
      .getRepository(ModelTestQuestion)
      .insert(questions.map((question, position) => ({ testId: test.id, questionId: question.id, position: position + 1 })));
  }
  await seedPhysicsBank(manager);
  await seedLessonQuizzes(manager);
}

/** The shared bank's SSC physics practice questions: every chapter of the book (practice-seed-physics.ts). */
async function seedPhysicsBank(manager: EntityManager): Promise<void> {
  await manager.getRepository(Question).insert(
    sscPhysicsBank.map(([chapter, text, options, correct, explanation, difficulty, boardTag]) => {
      const withIds = options.map((option) => ({ id: randomUUID(), text: option }));
      return {
        text,
        options: withIds,
        correctOptionId: withIds[correct].id,
        explanation,
        classLevel: 9,
        subjectId: 'physics',
        chapterId: sscPhysics[chapter - 1].id,
        difficulty,
        usableInPractice: true,
        board: boardTag?.[0] ?? null,
        boardYear: boardTag?.[1] ?? null,
        courseId: null,
        authorId: null,
        importKey: null,
      };
    }),
  );
}

/** The Bangla class 9-10 physics course and the lessons whose quizzes it requires, by lesson title. */
export const DEMO_QUIZ_COURSE = 'পদার্থবিজ্ঞান – নবম-দশম শ্রেণি';
export const DEMO_QUIZ_PASS_PERCENT = 60;
const demoLessonQuizzes: Array<[lessonTitle: string, chapterId: string]> = [
  ['গতি', MOTION],
  ['বল', FORCE],
];

/** Lesson quizzes with a required pass mark in one demo course, written into the course's own bank. */
async function seedLessonQuizzes(manager: EntityManager): Promise<void> {
  const [course] = await manager.query<Array<{ id: string; instructorId: string | null }>>(`SELECT id, "instructorId" FROM course WHERE name = $1`, [
    DEMO_QUIZ_COURSE,
  ]);
  if (!course) return;
  await manager.query(`UPDATE course SET "quizPassPercent" = $2 WHERE id = $1`, [course.id, DEMO_QUIZ_PASS_PERCENT]);
  for (const [title, chapterId] of demoLessonQuizzes) {
    const [lesson] = await manager.query<Array<{ id: string }>>(`SELECT id FROM lesson WHERE "courseId" = $1 AND title = $2`, [course.id, title]);
    if (!lesson) continue;
    const questions = await manager.getRepository(Question).save(
      physics
        .filter((question) => question[4] === chapterId)
        .slice(0, 3)
        .map(([text, options, correct, explanation]) => {
          const withIds = options.map((option) => ({ id: randomUUID(), text: option }));
          return {
            text,
            options: withIds,
            correctOptionId: withIds[correct].id,
            explanation,
            classLevel: 9,
            subjectId: 'physics',
            chapterId,
            difficulty: Difficulty.EASY,
            courseId: course.id,
            authorId: course.instructorId,
            importKey: null,
          };
        }),
    );
    await manager
      .getRepository(LessonQuizQuestion)
      .insert(questions.map((question, position) => ({ lessonId: lesson.id, questionId: question.id, position: position + 1 })));
  }
}
