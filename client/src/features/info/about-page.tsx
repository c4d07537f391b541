import { Heading, Text } from '@chakra-ui/react';
import { useInfoT } from './texts';
import { InfoPage } from './components/info-page';
import { TeamCarousel } from './components/team-carousel';

export default function AboutPage() {
  const t = useInfoT();
  return (
    <InfoPage title={t('info.about.title')}>
      <Heading as="h2" size="lg">
        {t('info.about.storyTitle')}
      </Heading>
      <Text>{t('info.about.story')}</Text>
      <Heading as="h2" size="lg">
        {t('info.about.foundationTitle')}
      </Heading>
      <Text>{t('info.about.foundation')}</Text>
      <Heading as="h2" size="lg">
        {t('info.about.teamTitle')}
      </Heading>
      <TeamCarousel />
    </InfoPage>
  );
}
