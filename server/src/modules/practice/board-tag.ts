import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { badInput } from '../../shared/errors';

/** The education boards whose SSC and HSC papers students practise from. */
export enum EducationBoard {
  DHAKA = 'DHAKA',
  RAJSHAHI = 'RAJSHAHI',
  CUMILLA = 'CUMILLA',
  JASHORE = 'JASHORE',
  CHATTOGRAM = 'CHATTOGRAM',
  BARISHAL = 'BARISHAL',
  SYLHET = 'SYLHET',
  DINAJPUR = 'DINAJPUR',
  MYMENSINGH = 'MYMENSINGH',
  MADRASAH = 'MADRASAH',
  TECHNICAL = 'TECHNICAL',
}

/** Each board's name in Bangla and English (the CSV import reads either, or the code). */
export const boardNames: Record<EducationBoard, { bn: string; en: string }> = {
  DHAKA: { bn: 'ঢাকা', en: 'Dhaka' },
  RAJSHAHI: { bn: 'রাজশাহী', en: 'Rajshahi' },
  CUMILLA: { bn: 'কুমিল্লা', en: 'Cumilla' },
  JASHORE: { bn: 'যশোর', en: 'Jashore' },
  CHATTOGRAM: { bn: 'চট্টগ্রাম', en: 'Chattogram' },
  BARISHAL: { bn: 'বরিশাল', en: 'Barishal' },
  SYLHET: { bn: 'সিলেট', en: 'Sylhet' },
  DINAJPUR: { bn: 'দিনাজপুর', en: 'Dinajpur' },
  MYMENSINGH: { bn: 'ময়মনসিংহ', en: 'Mymensingh' },
  MADRASAH: { bn: 'মাদ্রাসা', en: 'Madrasah' },
  TECHNICAL: { bn: 'কারিগরি', en: 'Technical' },
};

registerEnumType(EducationBoard, {
  name: 'EducationBoard',
  description: 'An education board of Bangladesh that sets SSC and HSC papers',
  valuesConfig: Object.fromEntries(Object.entries(boardNames).map(([board, names]) => [board, { description: `${names.en} Board` }])),
});

/** The first year a board question may carry: the boards' MCQ papers as students practise them. */
export const MIN_BOARD_YEAR = 1990;
/** The latest year a board question may carry: this year in Bangladesh (a paper not sat yet has no board tag). */
export const maxBoardYear = (now = new Date()): number => Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Dhaka', year: 'numeric' }).format(now));

export const BOARD_UNKNOWN = 'Unknown education board';
export const BOARD_TAG_INCOMPLETE = 'A board question needs both its board and its year';
export const boardYearRule = (max: number) => `The board exam year must be from ${MIN_BOARD_YEAR} to ${max}`;

@ObjectType({ description: 'Where a question was set before: an education board and the year of its SSC or HSC paper' })
export class BoardTag {
  @Field(() => EducationBoard, { description: 'The education board' })
  board: EducationBoard;

  @Field(() => Int, { description: 'The year of the paper' })
  year: number;
}

@InputType({ description: "A question's board-exam tag: both the board and the year, or neither (no tag)" })
export class BoardTagInput {
  @Field(() => EducationBoard, { nullable: true, description: 'The education board' })
  board?: EducationBoard | null;

  @Field(() => Int, { nullable: true, description: `The year of the paper, from ${MIN_BOARD_YEAR} to this year` })
  year?: number | null;
}

/** A question's tag from its columns; null without one. */
export function boardTagOf(question: { board: EducationBoard | null; boardYear: number | null }): BoardTag | null {
  return question.board && question.boardYear ? { board: question.board, year: question.boardYear } : null;
}

export interface BoardTagProblem {
  /** The part that is wrong: the board or the year. */
  part: 'board' | 'year';
  code: 'BOARD_UNKNOWN' | 'BOARD_TAG_INCOMPLETE' | 'BOARD_YEAR_OUT_OF_RANGE';
  message: string;
  max?: number;
}

/** What is wrong with a tag as written (both parts or neither, a known board, a year from 1990 to this year); null when nothing. */
export function boardTagProblem(tag: { board?: string | null; year?: number | null }): BoardTagProblem | null {
  const hasBoard = tag.board != null && tag.board !== '';
  const hasYear = tag.year != null;
  if (!hasBoard && !hasYear) return null;
  if (hasBoard && !(tag.board! in boardNames)) return { part: 'board', code: 'BOARD_UNKNOWN', message: BOARD_UNKNOWN };
  if (!hasBoard || !hasYear) return { part: hasBoard ? 'year' : 'board', code: 'BOARD_TAG_INCOMPLETE', message: BOARD_TAG_INCOMPLETE };
  const max = maxBoardYear();
  if (!Number.isInteger(tag.year) || tag.year! < MIN_BOARD_YEAR || tag.year! > max)
    return { part: 'year', code: 'BOARD_YEAR_OUT_OF_RANGE', message: boardYearRule(max), max };
  return null;
}

/** The columns of a tag as given, refusing a wrong one (extensions.field: boardTag.board or boardTag.year). */
export function boardColumns(tag: { board?: string | null; year?: number | null } | null): { board: EducationBoard | null; boardYear: number | null } {
  const problem = tag ? boardTagProblem(tag) : null;
  if (problem) throw badInput(problem.message, { field: `boardTag.${problem.part}`, ...(problem.max ? { max: problem.max } : {}) }, problem.code);
  return tag?.board && tag.year != null ? { board: tag.board as EducationBoard, boardYear: tag.year } : { board: null, boardYear: null };
}
