/**
 * The national curriculum's main subjects and the chapters of its books: the class → subject →
 * chapter taxonomy that courses, questions and model tests share. Migrations write these rows (the
 * PracticeQuestionBank migration the subjects and first chapters, FullSyllabus the full books);
 * tests and the demo seed write them again with `ensureSyllabus`.
 */

/** Class 1 to 12 are school classes; 13 stands for university admission tests. */
export const ADMISSION_LEVEL = 13;
export const MIN_LEVEL = 1;
export const MAX_LEVEL = ADMISSION_LEVEL;

export interface SubjectRow {
  id: string;
  nameBn: string;
  nameEn: string;
  position: number;
}

export const subjects: SubjectRow[] = [
  { id: 'mathematics', nameBn: 'গণিত', nameEn: 'Mathematics' },
  { id: 'higher-mathematics', nameBn: 'উচ্চতর গণিত', nameEn: 'Higher Mathematics' },
  { id: 'physics', nameBn: 'পদার্থবিজ্ঞান', nameEn: 'Physics' },
  { id: 'chemistry', nameBn: 'রসায়ন', nameEn: 'Chemistry' },
  { id: 'biology', nameBn: 'জীববিজ্ঞান', nameEn: 'Biology' },
  { id: 'bangla', nameBn: 'বাংলা', nameEn: 'Bangla' },
  { id: 'english', nameBn: 'ইংরেজি', nameEn: 'English' },
  { id: 'ict', nameBn: 'তথ্য ও যোগাযোগ প্রযুক্তি', nameEn: 'ICT' },
  { id: 'general-science', nameBn: 'সাধারণ বিজ্ঞান', nameEn: 'General Science' },
  { id: 'bangladesh-global-studies', nameBn: 'বাংলাদেশ ও বিশ্বপরিচয়', nameEn: 'Bangladesh and Global Studies' },
  { id: 'accounting', nameBn: 'হিসাববিজ্ঞান', nameEn: 'Accounting' },
  { id: 'general-knowledge', nameBn: 'সাধারণ জ্ঞান', nameEn: 'General Knowledge' },
].map((subject, index) => ({ ...subject, position: index + 1 }));

export interface ChapterRow {
  id: string;
  subjectId: string;
  /** The class the chapter is taught in (9 for the shared class 9-10 books, 11 for the class 11-12 ones). */
  classLevel: number;
  /** The paper of a subject taught in two (HSC physics and chemistry: 1 or 2); null for a single book. */
  paper: number | null;
  nameBn: string;
  nameEn: string;
  /** Order within the subject's books for the class: a two-paper subject's 2nd paper follows its 1st (so a number names one chapter). */
  position: number;
}

/**
 * A fixed chapter id for a book's chapter: the class, the subject's number (`subjectNumbers`), the
 * paper (0 for a single book) and the chapter's number in it, so that imports and tests can name it.
 * The first chapters (ids ending 000000000901-942) kept the ids they were written with.
 */
export const chapterId = (classLevel: number, subject: string, paper: number, number: number): string =>
  `a0000000-0000-4000-8000-0000${String(classLevel).padStart(2, '0')}${subjectNumbers[subject]}${paper}${String(number).padStart(3, '0')}`;

const subjectNumbers: Record<string, string> = {
  physics: '01',
  chemistry: '02',
  biology: '03',
  'higher-mathematics': '04',
  mathematics: '05',
  ict: '06',
};

/** The chapters written before the full books, kept under their ids (questions and tests name them), by book and number. */
const earlierIds: Record<string, string> = {
  'physics 9 1': 'a0000000-0000-4000-8000-000000000901',
  'physics 9 2': 'a0000000-0000-4000-8000-000000000902',
  'physics 9 3': 'a0000000-0000-4000-8000-000000000903',
  'physics 9 4': 'a0000000-0000-4000-8000-000000000904',
  'mathematics 9 3': 'a0000000-0000-4000-8000-000000000911',
  'mathematics 9 9': 'a0000000-0000-4000-8000-000000000912',
  'chemistry 9 2': 'a0000000-0000-4000-8000-000000000921',
};

/**
 * One book of the national curriculum (NCTB), its chapters in order as [Bangla, English]. A
 * two-paper subject gives its 2nd paper's chapters as a second book with `paper` 2; its positions
 * continue from the 1st paper's.
 */
function book(subjectId: string, classLevel: number, paper: number | null, titles: Array<[string, string]>, firstPosition = 1): ChapterRow[] {
  return titles.map(([nameBn, nameEn], index) => ({
    id: earlierIds[`${subjectId} ${classLevel} ${index + 1}`] ?? chapterId(classLevel, subjectId, paper ?? 0, index + 1),
    subjectId,
    classLevel,
    paper,
    nameBn,
    nameEn,
    position: firstPosition + index,
  }));
}

/** SSC (classes 9-10) Physics: 14 chapters. */
export const sscPhysics = book('physics', 9, null, [
  ['ভৌত রাশি ও পরিমাপ', 'Physical quantities and measurement'],
  ['গতি', 'Motion'],
  ['বল', 'Force'],
  ['কাজ, ক্ষমতা ও শক্তি', 'Work, power and energy'],
  ['পদার্থের অবস্থা ও চাপ', 'States of matter and pressure'],
  ['বস্তুর উপর তাপের প্রভাব', 'Effect of heat on matter'],
  ['তরঙ্গ ও শব্দ', 'Waves and sound'],
  ['আলোর প্রতিফলন', 'Reflection of light'],
  ['আলোর প্রতিসরণ', 'Refraction of light'],
  ['স্থির বিদ্যুৎ', 'Static electricity'],
  ['চল বিদ্যুৎ', 'Current electricity'],
  ['বিদ্যুতের চৌম্বক ক্রিয়া', 'Magnetic effect of electric current'],
  ['আধুনিক পদার্থবিজ্ঞান ও ইলেকট্রনিক্স', 'Modern physics and electronics'],
  ['জীবন বাঁচাতে পদার্থবিজ্ঞান', 'Physics to save lives'],
]);

/** SSC Chemistry: 12 chapters. */
const sscChemistry = book('chemistry', 9, null, [
  ['রসায়নের ধারণা', 'Concepts of chemistry'],
  ['পদার্থের অবস্থা', 'States of matter'],
  ['পদার্থের গঠন', 'Structure of matter'],
  ['পর্যায় সারণি', 'The periodic table'],
  ['রাসায়নিক বন্ধন', 'Chemical bonds'],
  ['মোলের ধারণা ও রাসায়নিক গণনা', 'The mole concept and chemical calculations'],
  ['রাসায়নিক বিক্রিয়া', 'Chemical reactions'],
  ['রসায়ন ও শক্তি', 'Chemistry and energy'],
  ['এসিড-ক্ষার সমতা', 'Acid-base balance'],
  ['খনিজ সম্পদ: ধাতু-অধাতু', 'Mineral resources: metals and non-metals'],
  ['খনিজ সম্পদ: জীবাশ্ম', 'Mineral resources: fossils'],
  ['আমাদের জীবনে রসায়ন', 'Chemistry in our lives'],
]);

/** SSC Biology: 14 chapters. */
const sscBiology = book('biology', 9, null, [
  ['জীবন পাঠ', 'Lessons on life'],
  ['জীবকোষ ও টিস্যু', 'Cells and tissues'],
  ['কোষ বিভাজন', 'Cell division'],
  ['জীবনীশক্তি', 'Bioenergetics'],
  ['খাদ্য, পুষ্টি এবং পরিপাক', 'Food, nutrition and digestion'],
  ['জীবে পরিবহন', 'Transport in organisms'],
  ['গ্যাসীয় বিনিময়', 'Gaseous exchange'],
  ['রেচন প্রক্রিয়া', 'Excretion'],
  ['দৃঢ়তা প্রদান ও চলন', 'Support and locomotion'],
  ['সমন্বয়', 'Coordination'],
  ['জীবের প্রজনন', 'Reproduction in organisms'],
  ['জীবের বংশগতি ও বিবর্তন', 'Heredity and evolution'],
  ['জীবের পরিবেশ', 'The environment of organisms'],
  ['জীবপ্রযুক্তি', 'Biotechnology'],
]);

/** SSC Higher Mathematics: 14 chapters. */
const sscHigherMathematics = book('higher-mathematics', 9, null, [
  ['সেট ও ফাংশন', 'Sets and functions'],
  ['বীজগাণিতিক রাশি', 'Algebraic expressions'],
  ['জ্যামিতি', 'Geometry'],
  ['জ্যামিতিক অঙ্কন', 'Geometric constructions'],
  ['সমীকরণ', 'Equations'],
  ['অসমতা', 'Inequalities'],
  ['অসীম ধারা', 'Infinite series'],
  ['ত্রিকোণমিতি', 'Trigonometry'],
  ['সূচকীয় ও লগারিদমীয় ফাংশন', 'Exponential and logarithmic functions'],
  ['দ্বিপদী বিস্তৃতি', 'Binomial expansion'],
  ['স্থানাঙ্ক জ্যামিতি', 'Coordinate geometry'],
  ['সমতলীয় ভেক্টর', 'Plane vectors'],
  ['ঘন জ্যামিতি', 'Solid geometry'],
  ['সম্ভাবনা', 'Probability'],
]);

/** SSC (General) Mathematics: 17 chapters. */
const sscMathematics = book('mathematics', 9, null, [
  ['বাস্তব সংখ্যা', 'Real numbers'],
  ['সেট ও ফাংশন', 'Sets and functions'],
  ['বীজগাণিতিক রাশি', 'Algebraic expressions'],
  ['সূচক ও লগারিদম', 'Exponents and logarithms'],
  ['এক চলকবিশিষ্ট সমীকরণ', 'Equations in one variable'],
  ['রেখা, কোণ ও ত্রিভুজ', 'Lines, angles and triangles'],
  ['ব্যবহারিক জ্যামিতি', 'Practical geometry'],
  ['বৃত্ত', 'Circles'],
  ['ত্রিকোণমিতিক অনুপাত', 'Trigonometric ratios'],
  ['দূরত্ব ও উচ্চতা', 'Distance and height'],
  ['বীজগাণিতিক অনুপাত ও সমানুপাত', 'Algebraic ratio and proportion'],
  ['দুই চলকবিশিষ্ট সরল সহসমীকরণ', 'Simple simultaneous equations in two variables'],
  ['সসীম ধারা', 'Finite series'],
  ['অনুপাত, সদৃশতা ও প্রতিসমতা', 'Ratio, similarity and symmetry'],
  ['ক্ষেত্রফল সম্পর্কিত উপপাদ্য ও সম্পাদ্য', 'Theorems and constructions on area'],
  ['পরিমিতি', 'Mensuration'],
  ['পরিসংখ্যান', 'Statistics'],
]);

/** SSC ICT: 6 chapters. */
const sscIct = book('ict', 9, null, [
  ['তথ্য ও যোগাযোগ প্রযুক্তি এবং আমাদের বাংলাদেশ', 'ICT and our Bangladesh'],
  ['কম্পিউটার ও কম্পিউটার ব্যবহারকারীর নিরাপত্তা', 'Computers and the safety of their users'],
  ['আমার শিক্ষায় ইন্টারনেট', 'The internet in my studies'],
  ['আমার লেখালেখি ও হিসাব', 'My writing and accounts'],
  ['মাল্টিমিডিয়া ও গ্রাফিক্স', 'Multimedia and graphics'],
  ['ডেটাবেজের ব্যবহার', 'Using databases'],
]);

/** HSC (classes 11-12) Physics 1st paper: 10 chapters. */
const hscPhysics1 = book('physics', 11, 1, [
  ['ভৌতজগৎ ও পরিমাপ', 'Physical world and measurement'],
  ['ভেক্টর', 'Vectors'],
  ['গতিবিদ্যা', 'Kinematics'],
  ['নিউটনিয়ান বলবিদ্যা', 'Newtonian mechanics'],
  ['কাজ, শক্তি ও ক্ষমতা', 'Work, energy and power'],
  ['মহাকর্ষ ও অভিকর্ষ', 'Gravitation and gravity'],
  ['পদার্থের গাঠনিক ধর্ম', 'Structural properties of matter'],
  ['পর্যাবৃত্ত গতি', 'Periodic motion'],
  ['তরঙ্গ', 'Waves'],
  ['আদর্শ গ্যাস ও গ্যাসের গতিতত্ত্ব', 'Ideal gas and the kinetic theory of gases'],
]);

/** HSC Physics 2nd paper: 11 chapters. */
const hscPhysics2 = book(
  'physics',
  11,
  2,
  [
    ['তাপগতিবিদ্যা', 'Thermodynamics'],
    ['স্থির তড়িৎ', 'Static electricity'],
    ['চল তড়িৎ', 'Current electricity'],
    ['তড়িৎ প্রবাহের চৌম্বক ক্রিয়া ও চুম্বকত্ব', 'Magnetic effects of current and magnetism'],
    ['তাড়িতচৌম্বকীয় আবেশ ও পরিবর্তী প্রবাহ', 'Electromagnetic induction and alternating current'],
    ['জ্যামিতিক আলোকবিজ্ঞান', 'Geometrical optics'],
    ['ভৌত আলোকবিজ্ঞান', 'Physical optics'],
    ['আধুনিক পদার্থবিজ্ঞানের সূচনা', 'Introduction to modern physics'],
    ['পরমাণুর মডেল এবং নিউক্লিয়ার পদার্থবিজ্ঞান', 'Atomic models and nuclear physics'],
    ['সেমিকন্ডাক্টর ও ইলেকট্রনিক্স', 'Semiconductors and electronics'],
    ['জ্যোতির্বিজ্ঞান', 'Astronomy'],
  ],
  hscPhysics1.length + 1,
);

/** HSC Chemistry 1st paper: 5 chapters. */
const hscChemistry1 = book('chemistry', 11, 1, [
  ['ল্যাবরেটরির নিরাপদ ব্যবহার', 'Safe use of the laboratory'],
  ['গুণগত রসায়ন', 'Qualitative chemistry'],
  ['মৌলের পর্যায়বৃত্ত ধর্ম ও রাসায়নিক বন্ধন', 'Periodic properties of elements and chemical bonding'],
  ['রাসায়নিক পরিবর্তন', 'Chemical change'],
  ['কর্মমুখী রসায়ন', 'Vocational chemistry'],
]);

/** HSC Chemistry 2nd paper: 5 chapters. */
const hscChemistry2 = book(
  'chemistry',
  11,
  2,
  [
    ['পরিবেশ রসায়ন', 'Environmental chemistry'],
    ['জৈব রসায়ন', 'Organic chemistry'],
    ['পরিমাণগত রসায়ন', 'Quantitative chemistry'],
    ['তড়িৎ রসায়ন', 'Electrochemistry'],
    ['অর্থনৈতিক রসায়ন', 'Economic chemistry'],
  ],
  hscChemistry1.length + 1,
);

const single = (id: string, subjectId: string, classLevel: number, position: number, nameBn: string, nameEn: string): ChapterRow => ({
  id,
  subjectId,
  classLevel,
  paper: null,
  position,
  nameBn,
  nameEn,
});

/**
 * The chapters of the national curriculum's books the platform knows: the SSC science, mathematics
 * and ICT books, HSC physics and chemistry (both papers), and a few others the demo questions use.
 * Each has a fixed id (imports name chapters by it); the FullSyllabus migration wrote these rows.
 */
export const chapters: ChapterRow[] = [
  ...sscPhysics,
  ...sscChemistry,
  ...sscBiology,
  ...sscHigherMathematics,
  ...sscMathematics,
  ...sscIct,
  ...hscPhysics1,
  ...hscPhysics2,
  ...hscChemistry1,
  ...hscChemistry2,
  single('a0000000-0000-4000-8000-000000000931', 'english', 9, 1, 'Grammar', 'Grammar'),
  single('a0000000-0000-4000-8000-000000000941', 'general-knowledge', 13, 1, 'বাংলাদেশ বিষয়াবলি', 'Bangladesh affairs'),
  single('a0000000-0000-4000-8000-000000000942', 'general-knowledge', 13, 2, 'আন্তর্জাতিক বিষয়াবলি', 'International affairs'),
];
