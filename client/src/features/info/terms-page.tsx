import { Heading, Text } from '@chakra-ui/react';
import { useT, type MessageKey } from '../../lib/i18n';
import { InfoPage } from './components/info-page';

const sections: Array<[MessageKey, MessageKey]> = [
  ['info.terms.accountTitle', 'info.terms.account'],
  ['info.terms.coursesTitle', 'info.terms.courses'],
  ['info.terms.paymentsTitle', 'info.terms.payments'],
  ['info.terms.conductTitle', 'info.terms.conduct'],
];

export default function TermsPage() {
  const t = useT();
  return (
    <InfoPage title={t('info.terms.title')}>
      <Text>{t('info.terms.intro')}</Text>
      {sections.map(([title, text]) => [
        <Heading key={title} as="h2" size="md">
          {t(title)}
        </Heading>,
        <Text key={text}>{t(text)}</Text>,
      ])}
    </InfoPage>
  );
}
