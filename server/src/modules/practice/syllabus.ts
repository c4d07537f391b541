/**
 * The national curriculum's main subjects and a first set of chapters: the class → subject →
 * chapter taxonomy that courses, questions and model tests share. The SyllabusTaxonomy migration
 * writes these rows; tests and the demo seed write them again with `ensureSyllabus`.
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
  /** The class the chapter is taught in (9 for the shared class 9-10 books). */
  classLevel: number;
  nameBn: string;
  nameEn: string;
  position: number;
}

const chapter = (id: string, subjectId: string, classLevel: number, position: number, nameBn: string, nameEn: string): ChapterRow => ({
  id,
  subjectId,
  classLevel,
  position,
  nameBn,
  nameEn,
});

/** Chapters of the class 9-10 books the demo questions use; fixed ids so that imports can name them. */
export const chapters: ChapterRow[] = [
  chapter('a0000000-0000-4000-8000-000000000901', 'physics', 9, 1, 'ভৌত রাশি ও পরিমাপ', 'Physical quantities and measurement'),
  chapter('a0000000-0000-4000-8000-000000000902', 'physics', 9, 2, 'গতি', 'Motion'),
  chapter('a0000000-0000-4000-8000-000000000903', 'physics', 9, 3, 'বল', 'Force'),
  chapter('a0000000-0000-4000-8000-000000000904', 'physics', 9, 4, 'কাজ, ক্ষমতা ও শক্তি', 'Work, power and energy'),
  chapter('a0000000-0000-4000-8000-000000000911', 'mathematics', 9, 1, 'বীজগাণিতিক রাশি', 'Algebraic expressions'),
  chapter('a0000000-0000-4000-8000-000000000912', 'mathematics', 9, 2, 'ত্রিকোণমিতি', 'Trigonometry'),
  chapter('a0000000-0000-4000-8000-000000000921', 'chemistry', 9, 1, 'পদার্থের অবস্থা', 'States of matter'),
  chapter('a0000000-0000-4000-8000-000000000931', 'english', 9, 1, 'Grammar', 'Grammar'),
  chapter('a0000000-0000-4000-8000-000000000941', 'general-knowledge', 13, 1, 'বাংলাদেশ বিষয়াবলি', 'Bangladesh affairs'),
  chapter('a0000000-0000-4000-8000-000000000942', 'general-knowledge', 13, 2, 'আন্তর্জাতিক বিষয়াবলি', 'International affairs'),
];
