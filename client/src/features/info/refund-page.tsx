import { List, Text } from '@chakra-ui/react';
import { useInfoT, type InfoKey } from './texts';
import { InfoPage } from './components/info-page';

/** The refund policy, as the specification writes it (its English words in the English catalogue). */
export const refundRules: InfoKey[] = [
  'info.refund.courseCancelled',
  'info.refund.learnerCancelled',
  'info.refund.schedule',
  'info.refund.tooLate',
  'info.refund.how',
];

export default function RefundPage() {
  const t = useInfoT();
  return (
    <InfoPage title={t('info.refund.title')}>
      <Text>{t('info.refund.intro')}</Text>
      <List.Root gap="3" ps="5">
        {refundRules.map((rule) => (
          <List.Item key={rule}>{t(rule)}</List.Item>
        ))}
      </List.Root>
      <Text>{t('info.refund.recorded')}</Text>
    </InfoPage>
  );
}
