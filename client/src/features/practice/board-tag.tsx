import { Badge } from '@chakra-ui/react';
import type { EducationBoard } from '../../gql/types';
import { formatDigits } from '../../lib/format';
import { useLanguage, useT, type Language, type Translate } from '../../lib/i18n';

/** The education boards in the order students know them (the CSV import takes their names too). */
export const BOARDS: readonly EducationBoard[] = [
  'DHAKA',
  'RAJSHAHI',
  'CUMILLA',
  'JASHORE',
  'CHATTOGRAM',
  'BARISHAL',
  'SYLHET',
  'DINAJPUR',
  'MYMENSINGH',
  'MADRASAH',
  'TECHNICAL',
];

export const boardKey = (board: EducationBoard) => `practice.board.${board}` as const;

interface BoardTagValue {
  board: EducationBoard;
  year: number;
}

/** "Dhaka Board 2023" / "ঢাকা বোর্ড ২০২৩": the year in the page's digits, without grouping. */
export function boardTagText(tag: BoardTagValue, language: Language, t: Translate): string {
  return t('practice.boardTag', { board: t(boardKey(tag.board)), year: formatDigits(tag.year, language) });
}

/** Where a question was set before, shown beside it once it is answered; nothing for a question of no board exam. */
export function BoardTagBadge({ tag }: { tag: BoardTagValue | null | undefined }) {
  const t = useT();
  const { language } = useLanguage();
  if (!tag) return null;
  return (
    <Badge colorPalette="purple" alignSelf="start" data-testid="board-tag">
      {boardTagText(tag, language, t)}
    </Badge>
  );
}
