import { Heading, Text } from '@chakra-ui/react';
import { useInfoT, type InfoKey } from '../texts';
import { InfoPage } from './info-page';

/** A policy written as an introduction and titled sections (terms, privacy), each a catalogue entry. */
export function PolicyPage({ title, intro, sections }: { title: InfoKey; intro: InfoKey; sections: Array<[InfoKey, InfoKey]> }) {
  const t = useInfoT();
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
