import { Box, Container, Flex, Heading, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ReviewCard } from '../../../components/review-card';
import type { ReviewCard_ReviewFragment } from '../../../components/review-card.generated';

export const statistics = ['200+ New Courses', '5000+ New Students', '100+ New Teachers'];

export function StatisticsStrip() {
  return (
    <Box bg="blue.700" color="white">
      <Container maxW="7xl" py="8">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" textAlign="center">
          {statistics.map((line) => {
            const [figure, ...words] = line.split(' ');
            return (
              <Stack key={line} gap="0" data-testid="statistic">
                <Text fontSize="3xl" fontWeight="bold">
                  {figure}
                </Text>
                <Text fontSize="lg">{words.join(' ')}</Text>
              </Stack>
            );
          })}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export function LearnerReviews({ reviews }: { reviews: ReviewCard_ReviewFragment[] }) {
  if (reviews.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="learner-reviews" gap="5" py="8">
      <Heading as="h2" id="learner-reviews" size="xl">
        What our learners say
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
  return (
    <Stack as="section" aria-labelledby="partners" gap="5" py="8">
      <Heading as="h2" id="partners" size="xl">
        Our partners
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 3, lg: 6 }} gap="6" alignItems="center">
        {partners.map((name, i) => (
          <Image key={name} src={`/media/partners/partner-${i + 1}.svg`} alt={name} htmlWidth="200" htmlHeight="60" width="100%" h="auto" loading="lazy" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

const devices = ['Computer', 'Laptop', 'Mobile', 'Tablet'];

export function AvailableOn() {
  return (
    <Flex as="section" id="available-on" aria-labelledby="available-on-title" direction={{ base: 'column', md: 'row' }} gap="8" py="8" align="center">
      <Stack gap="4" flex="1">
        <Heading as="h2" id="available-on-title" size="xl">
          Available On
        </Heading>
        <Text color="gray.700">
          Shikhon works on your computer, laptop, mobile and tablet. Sign in on any of them and continue where you
          stopped.
        </Text>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          {devices.map((label) => (
            <Stack key={label} align="center" gap="1" p="3" borderWidth="1px" borderRadius="md">
              <Text fontWeight="semibold">{label}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
      <Image src="/media/devices.svg" alt="" htmlWidth="520" htmlHeight="260" maxW={{ base: '100%', md: '45%' }} h="auto" loading="lazy" />
    </Flex>
  );
}
