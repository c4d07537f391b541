import { Heading, Text } from '@chakra-ui/react';
import { useT, type MessageKey } from '../../lib/i18n';
import { InfoPage } from './components/info-page';

const sections: Array<[MessageKey, MessageKey]> = [
  ['info.privacy.collectTitle', 'info.privacy.collect'],
  ['info.privacy.useTitle', 'info.privacy.use'],
  ['info.privacy.choicesTitle', 'info.privacy.choices'],
];

export default function PrivacyPage() {
  const t = useT();
  return (
    <InfoPage title={t('info.privacy.title')}>
      <Text>{t('info.privacy.intro')}</Text>
      {sections.map(([title, text]) => [
        <Heading key={title} as="h2" size="md">
          {t(title)}
        </Heading>,
        <Text key={text}>{t(text)}</Text>,
      ])}
    </InfoPage>
  );
}
