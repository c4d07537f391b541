/**
 * The form in which search compares texts, so that differences a reader does not see or care about
 * do not hide a course: Unicode NFC, invisible marks (zero-width joiner and non-joiner, soft
 * hyphen, direction marks) removed, lower case, Bengali digits as Latin ones, and Bangla class
 * words as "class N": "নবম শ্রেণি", "৯ম শ্রেণি", "ক্লাস ৯", "নবম" and "Class 9" all become "class 9".
 *
 * The database holds the same rule as the IMMUTABLE SQL function `search_text`, which fills the
 * course's stored search columns (SearchTextBangla migration); course.search.ts applies this one to
 * the visitor's text. search-text.test.ts checks that both give the same answer.
 */

import { CLASS_ORDINALS, CLASS_WORDS, ORDINAL_ENDINGS } from '../../shared/class-words';
import { banglaDigitsAsLatin } from '../../shared/digits';

const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);
/**
 * Characters no reader sees: soft hyphen, grapheme joiner, zero-width space, non-joiner and joiner
 * (which only choose how Bangla letters are joined), direction marks, word joiners, byte-order mark.
 */
const INVISIBLE = new Set(
  [0x00ad, 0x034f, ...range(0x200b, 0x200f), ...range(0x202a, 0x202e), ...range(0x2060, 0x2064), ...range(0x2066, 0x2069), 0xfeff].map((code) =>
    String.fromCodePoint(code),
  ),
);

/** A Bangla character: an ordinal is a class word only when it stands alone ("নবম", not "নবমী"). */
const BANGLA = 'ঀ-৿';
const ALONE_BEFORE = `(?<![${BANGLA}])`;
const ALONE_AFTER = `(?![${BANGLA}])`;
/** "৯ম", "২য়", "৪র্থ", "৬ষ্ঠ", "১১শ" once the digits are Latin: the number with an ordinal ending. */
const NUMBERED_ORDINAL = new RegExp(`([0-9]+)(${ORDINAL_ENDINGS.join('|')})${ALONE_AFTER}`.normalize('NFC'), 'g');
const ORDINAL_WORDS = CLASS_ORDINALS.map((word, i) => ({ pattern: new RegExp(`${ALONE_BEFORE}${word}${ALONE_AFTER}`, 'g'), number: i + 1 }));

export function searchText(text: string): string {
  let result = [...text]
    .filter((character) => !INVISIBLE.has(character))
    .join('')
    .normalize('NFC')
    .toLowerCase();
  result = banglaDigitsAsLatin(result);
  // Every spelling of "class" becomes "class".
  for (const word of CLASS_WORDS) result = result.replaceAll(word, 'class');
  result = result.replace(NUMBERED_ORDINAL, 'class $1');
  for (const { pattern, number } of ORDINAL_WORDS) result = result.replace(pattern, `class ${number}`);
  // "ক্লাস নবম" and "নবম শ্রেণি" said "class" twice: once is enough ("class 9 class 10" stays).
  return result.replace(/class( class)+(?![a-z])/g, 'class').replace(/class ([0-9]+) class(?![a-z]| [0-9])/g, 'class $1');
}

/**
 * A class named in a search ("class 9", from "নবম শ্রেণি", "ক্লাস ৯"...) is one term, found only as that
 * class: "class 1" is not "class 10", and the 9 of "class 9" is not the 9 of "batch 197".
 */
const isClassTerm = (term: string) => /^class [0-9]+$/.test(term);

/** The terms of a search text already in the form search compares (searchText): its words, with "class N" kept whole. */
export function searchTerms(phrase: string): string[] {
  const words = phrase.split(' ').filter(Boolean);
  const terms: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === 'class' && /^[0-9]+$/.test(words[i + 1] ?? '')) terms.push(`class ${words[++i]}`);
    else terms.push(words[i]);
  }
  return terms;
}

/** For a class term, the pattern (the same in PostgreSQL and JavaScript) a searched text must hold; null for a plain word, which is found anywhere. */
export function classTermPattern(term: string): string | null {
  return isClassTerm(term) ? `${term}([^0-9]|$)` : null;
}

/** Whether a searched text (searchText's form) holds a term, by the rule the SQL applies. */
export function holdsTerm(document: string, term: string): boolean {
  const pattern = classTermPattern(term);
  return pattern === null ? document.includes(term) : new RegExp(pattern).test(document);
}
