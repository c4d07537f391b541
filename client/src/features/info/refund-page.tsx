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
      <p>{t('info.refund.intro')}</p>
      <ul className="info-spaced">
        {refundRules.map((rule) => (
          <li key={rule}>{t(rule)}</li>
        ))}
      </ul>
      <p>{t('info.refund.recorded')}</p>
    </InfoPage>
  );
}
