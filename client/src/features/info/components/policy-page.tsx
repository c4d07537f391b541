import { Heading, Text } from '@chakra-ui/react';
import { useT, type MessageKey } from '../../../lib/i18n';
import { InfoPage } from './info-page';

/** A policy written as an introduction and titled sections (terms, privacy), each a catalogue entry. */
export function PolicyPage({ title, intro, sections }: { title: MessageKey; intro: MessageKey; sections: Array<[MessageKey, MessageKey]> }) {
  const t = useT();
  return (
    <InfoPage title={t(title)}>
      <Text>{t(intro)}</Text>
      {sections.map(([heading, text]) => [
        <Heading key={heading} as="h2" size="md">
          {t(heading)}
        </Heading>,
        <Text key={text}>{t(text)}</Text>,
      ])}
    </InfoPage>
  );
}
