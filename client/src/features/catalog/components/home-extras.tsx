import { Box, Container, Flex, Heading, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ReviewCard } from '../../../components/review-card';
import type { ReviewCard_ReviewFragment } from '../../../components/review-card.generated';
import type { HomePageQuery } from '../api/home-page.generated';
import { formatFigure } from '../../../lib/format';
import { useLanguage, useT, type MessageKey } from '../../../lib/i18n';

// The home page's parts below the fold: their code loads after the page's own (home-page.tsx).

const statistics: { key: 'courses' | 'students' | 'instructors'; label: MessageKey }[] = [
  { key: 'courses', label: 'home.stats.courses' },
  { key: 'students', label: 'home.stats.students' },
  { key: 'instructors', label: 'home.stats.teachers' },
];

/** The catalogue's figures counted now (published courses, students, instructors), written as they are or rounded down. */
export function StatisticsStrip({ figures }: { figures: HomePageQuery['catalogueFigures'] }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <Box bg="blue.700" color="white">
      <Container maxW="7xl" py="8">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" textAlign="center">
          {statistics.map(({ key, label }) => (
            <Stack key={label} gap="0" data-testid="statistic">
              <Text fontSize="3xl" fontWeight="bold">
                {formatFigure(figures[key], language)}
              </Text>
              <Text fontSize="lg">{t(label)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

/** Students' own reviews, highest rated and newest first; nothing at all when nobody has written one. */
export function LearnerReviews({ reviews }: { reviews: ReviewCard_ReviewFragment[] }) {
  const t = useT();
  if (reviews.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="learner-reviews" gap="5" py="8">
      <Heading as="h2" id="learner-reviews" size="xl">
        {t('home.reviews.title')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="5">
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export const partners = ['Nirman Tech', 'Padma Soft', 'Meghna Bank', 'Sonar Telecom', 'Jamuna Books', 'Karnaphuli Labs'];

export function PartnersStrip() {
  const t = useT();
  return (
    <Stack as="section" aria-labelledby="partners" gap="5" py="8">
      <Heading as="h2" id="partners" size="xl">
        {t('home.partners.title')}
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 3, lg: 6 }} gap="6" alignItems="center">
        {partners.map((name, i) => (
          <Image key={name} src={`/media/partners/partner-${i + 1}.svg`} alt={name} htmlWidth="200" htmlHeight="60" width="100%" h="auto" loading="lazy" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

const devices: MessageKey[] = ['home.devices.computer', 'home.devices.laptop', 'home.devices.mobile', 'home.devices.tablet'];

export function AvailableOn() {
  const t = useT();
  return (
    <Flex as="section" id="available-on" aria-labelledby="available-on-title" direction={{ base: 'column', md: 'row' }} gap="8" py="8" align="center">
      <Stack gap="4" flex="1">
        <Heading as="h2" id="available-on-title" size="xl">
          {t('home.availableOn.title')}
        </Heading>
        <Text color="gray.700">{t('home.availableOn.text')}</Text>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          {devices.map((label) => (
            <Stack key={label} align="center" gap="1" p="3" borderWidth="1px" borderRadius="md">
              <Text fontWeight="semibold">{t(label)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
      <Image src="/media/devices.svg" alt="" htmlWidth="520" htmlHeight="260" maxW={{ base: '100%', md: '45%' }} h="auto" loading="lazy" />
    </Flex>
  );
}
