import { Box, Text } from '@chakra-ui/react';
import { formatDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { BankQuestionFragment } from '../api/authoring.generated';
import { MathText } from '../math-text';
import { useAuthoringT } from './texts';

interface Statistics {
  answered: number;
  correctShare: number;
  mostChosenWrongOptionId?: string | null;
}

/** How students answered a question: how many, the share correct, the wrong option chosen most. */
export function QuestionStatisticsLine({ question, statistics = question.statistics }: { question: BankQuestionFragment; statistics?: Statistics | null }) {
  const t = useAuthoringT();
  const { language } = useLanguage();
  // None for a question whose key the author may not read (a shared-bank question an admin put in).
  if (!statistics) return null;
  const n = (value: number) => formatDigits(value, language);
  const wrong = statistics.mostChosenWrongOptionId ? question.options.find((option) => option.id === statistics.mostChosenWrongOptionId) : undefined;
  return (
    <Box fontSize="sm" color="gray.700" data-testid="question-statistics">
      {statistics.answered === 0 ? (
        <Text>{t('authoring.stats.none')}</Text>
      ) : (
        <>
          <Text>
            {t('authoring.stats.answered', {
              count: statistics.answered,
              answered: n(statistics.answered),
              share: n(Math.round(statistics.correctShare * 100)),
            })}
          </Text>
          {wrong && (
            <Text>
              {t('authoring.stats.commonWrong')} <MathText text={wrong.text} />
            </Text>
          )}
        </>
      )}
    </Box>
  );
}
