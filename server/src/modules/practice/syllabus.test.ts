import { useAppPerFile } from '../../test/app-per-file';
import { chapters } from './syllabus';

// The national curriculum's chapter lists reach the database through the migrations (these tests
// read what the migrations wrote: the database is not emptied between them), and the API gives
// them in Bangla and English.

const given = useAppPerFile({ emptyBeforeEach: false });

type Chapter = { id: string; name: string; nameBn: string; nameEn: string; position: number; paper: number | null };

async function book(subjectId: string, classLevel: number, language: 'bn' | 'en' = 'en'): Promise<Chapter[]> {
  given.visitor.headers['Accept-Language'] = language;
  const { data, errors } = await given.visitor.graphql<{ chapters: Chapter[] }>(
    `query ($subject: ID!, $level: Int) { chapters(subjectId: $subject, classLevel: $level) { id name nameBn nameEn position paper } }`,
    { subject: subjectId, level: classLevel },
  );
  expect(errors).toBeUndefined();
  return data!.chapters;
}

describe('the syllabus the migrations write', () => {
  it('holds exactly the chapters of syllabus.ts, the chapters written before under their old ids', async () => {
    const rows = await given.db.query<Array<Record<string, unknown>>>(
      `SELECT "id", "subjectId", "classLevel", "paper", "nameBn", "nameEn", "position" FROM "chapter" ORDER BY "id"`,
    );
    expect(rows).toEqual([...chapters].sort((a, b) => a.id.localeCompare(b.id)).map((c) => ({ ...c })));
    const kept = await given.db.query<Array<{ id: string; nameBn: string; position: number }>>(
      `SELECT "id", "nameBn", "position" FROM "chapter" WHERE "id"::text LIKE 'a0000000-0000-4000-8000-000000000%' ORDER BY "id"`,
    );
    expect(kept).toEqual([
      { id: 'a0000000-0000-4000-8000-000000000901', nameBn: 'ভৌত রাশি ও পরিমাপ', position: 1 },
      { id: 'a0000000-0000-4000-8000-000000000902', nameBn: 'গতি', position: 2 },
      { id: 'a0000000-0000-4000-8000-000000000903', nameBn: 'বল', position: 3 },
      { id: 'a0000000-0000-4000-8000-000000000904', nameBn: 'কাজ, ক্ষমতা ও শক্তি', position: 4 },
      { id: 'a0000000-0000-4000-8000-000000000911', nameBn: 'বীজগাণিতিক রাশি', position: 3 },
      { id: 'a0000000-0000-4000-8000-000000000912', nameBn: 'ত্রিকোণমিতিক অনুপাত', position: 9 },
      { id: 'a0000000-0000-4000-8000-000000000921', nameBn: 'পদার্থের অবস্থা', position: 2 },
      { id: 'a0000000-0000-4000-8000-000000000931', nameBn: 'Grammar', position: 1 },
      { id: 'a0000000-0000-4000-8000-000000000941', nameBn: 'বাংলাদেশ বিষয়াবলি', position: 1 },
      { id: 'a0000000-0000-4000-8000-000000000942', nameBn: 'আন্তর্জাতিক বিষয়াবলি', position: 2 },
    ]);
  });
});

describe('the chapter lists of the SSC and HSC books', () => {
  it('give SSC physics its 14 chapters in order, in Bangla and in English', async () => {
    const bangla = await book('physics', 9, 'bn');
    expect(bangla.map((c) => c.name)).toEqual([
      'ভৌত রাশি ও পরিমাপ',
      'গতি',
      'বল',
      'কাজ, ক্ষমতা ও শক্তি',
      'পদার্থের অবস্থা ও চাপ',
      'বস্তুর উপর তাপের প্রভাব',
      'তরঙ্গ ও শব্দ',
      'আলোর প্রতিফলন',
      'আলোর প্রতিসরণ',
      'স্থির বিদ্যুৎ',
      'চল বিদ্যুৎ',
      'বিদ্যুতের চৌম্বক ক্রিয়া',
      'আধুনিক পদার্থবিজ্ঞান ও ইলেকট্রনিক্স',
      'জীবন বাঁচাতে পদার্থবিজ্ঞান',
    ]);
    const english = await book('physics', 9, 'en');
    expect(english.map((c) => c.name)).toEqual([
      'Physical quantities and measurement',
      'Motion',
      'Force',
      'Work, power and energy',
      'States of matter and pressure',
      'Effect of heat on matter',
      'Waves and sound',
      'Reflection of light',
      'Refraction of light',
      'Static electricity',
      'Current electricity',
      'Magnetic effect of electric current',
      'Modern physics and electronics',
      'Physics to save lives',
    ]);
    expect(english.map((c) => c.position)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(english.every((c) => c.paper === null)).toBe(true);
  });

  it.each([
    ['chemistry', 12, 'রসায়নের ধারণা', 'আমাদের জীবনে রসায়ন'],
    ['biology', 14, 'জীবন পাঠ', 'জীবপ্রযুক্তি'],
    ['higher-mathematics', 14, 'সেট ও ফাংশন', 'সম্ভাবনা'],
    ['mathematics', 17, 'বাস্তব সংখ্যা', 'পরিসংখ্যান'],
    ['ict', 6, 'তথ্য ও যোগাযোগ প্রযুক্তি এবং আমাদের বাংলাদেশ', 'ডেটাবেজের ব্যবহার'],
  ])('give SSC %s its %i chapters, each named in both languages', async (subjectId, count, first, last) => {
    const list = await book(subjectId, 9, 'bn');
    expect(list).toHaveLength(count);
    expect(list[0].name).toBe(first);
    expect(list[count - 1].name).toBe(last);
    expect(list.map((c) => c.position)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    for (const chapter of list) {
      expect(chapter.nameBn).toMatch(/[\u0980-\u09ff]/u);
      expect(chapter.nameEn).toMatch(/^[A-Z][A-Za-z ,:'-]+$/);
    }
    expect((await book(subjectId, 9, 'en')).map((c) => c.name)).toEqual(list.map((c) => c.nameEn));
  });

  it('give HSC physics and chemistry both papers, the 2nd paper after the 1st', async () => {
    const physics = await book('physics', 11, 'bn');
    expect(physics.filter((c) => c.paper === 1).map((c) => c.name)).toEqual([
      'ভৌতজগৎ ও পরিমাপ',
      'ভেক্টর',
      'গতিবিদ্যা',
      'নিউটনিয়ান বলবিদ্যা',
      'কাজ, শক্তি ও ক্ষমতা',
      'মহাকর্ষ ও অভিকর্ষ',
      'পদার্থের গাঠনিক ধর্ম',
      'পর্যাবৃত্ত গতি',
      'তরঙ্গ',
      'আদর্শ গ্যাস ও গ্যাসের গতিতত্ত্ব',
    ]);
    expect(physics.filter((c) => c.paper === 2).map((c) => c.nameEn)).toEqual([
      'Thermodynamics',
      'Static electricity',
      'Current electricity',
      'Magnetic effects of current and magnetism',
      'Electromagnetic induction and alternating current',
      'Geometrical optics',
      'Physical optics',
      'Introduction to modern physics',
      'Atomic models and nuclear physics',
      'Semiconductors and electronics',
      'Astronomy',
    ]);
    expect(physics.map((c) => c.paper)).toEqual([...Array<number>(10).fill(1), ...Array<number>(11).fill(2)]);
    expect(physics.map((c) => c.position)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    // Class 12 reads the class 11-12 book, as class 10 reads the class 9-10 one.
    expect(await book('physics', 12, 'bn')).toEqual(physics);
    expect(await book('physics', 10, 'bn')).toEqual(await book('physics', 9, 'bn'));
    const chemistry = await book('chemistry', 11, 'en');
    expect(chemistry.map((c) => [c.paper, c.name])).toEqual([
      [1, 'Safe use of the laboratory'],
      [1, 'Qualitative chemistry'],
      [1, 'Periodic properties of elements and chemical bonding'],
      [1, 'Chemical change'],
      [1, 'Vocational chemistry'],
      [2, 'Environmental chemistry'],
      [2, 'Organic chemistry'],
      [2, 'Quantitative chemistry'],
      [2, 'Electrochemistry'],
      [2, 'Economic chemistry'],
    ]);
    expect(chemistry.map((c) => c.nameBn)).toEqual([
      'ল্যাবরেটরির নিরাপদ ব্যবহার',
      'গুণগত রসায়ন',
      'মৌলের পর্যায়বৃত্ত ধর্ম ও রাসায়নিক বন্ধন',
      'রাসায়নিক পরিবর্তন',
      'কর্মমুখী রসায়ন',
      'পরিবেশ রসায়ন',
      'জৈব রসায়ন',
      'পরিমাণগত রসায়ন',
      'তড়িৎ রসায়ন',
      'অর্থনৈতিক রসায়ন',
    ]);
  });
});
