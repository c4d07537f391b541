/**
 * How Bangla names a school class: "নবম শ্রেণি", "৯ম শ্রেণি" and "ক্লাস ৯" are all class 9. Search
 * (modules/course/search-text.ts) and the import of the old platform's courses (legacy-course.ts)
 * read classes by these words, in Unicode NFC. The SQL `search_text` holds the same words, written
 * into its migration (SearchTextBangla).
 */

const nfc = (word: string) => word.normalize('NFC');

/** The words for "class". */
export const CLASS_WORDS = ['শ্রেণি', 'শ্রেণী', 'ক্লাস'].map(nfc);

/** The ordinal words of the twelve classes, in order: "প্রথম" is the first, "নবম" the ninth. */
export const CLASS_ORDINALS = ['প্রথম', 'দ্বিতীয়', 'তৃতীয়', 'চতুর্থ', 'পঞ্চম', 'ষষ্ঠ', 'সপ্তম', 'অষ্টম', 'নবম', 'দশম', 'একাদশ', 'দ্বাদশ'].map(nfc);

/** The endings that make a number an ordinal: "৯ম", "২য়", "৪র্থ", "৬ষ্ঠ", "১১শ". */
export const ORDINAL_ENDINGS = ['ম', 'য়', 'র্থ', 'ষ্ঠ', 'শ'].map(nfc);
