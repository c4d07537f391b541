import { Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ReviewCard } from '../../../components/review-card';
import { StarRating } from '../../../components/star-rating';
import { formatDigits } from '../../../lib/format';
import { useLanguage, useT } from '../../../lib/i18n';
import { useCourseReviewsQuery } from '../api/course-reviews.generated';

/** The course's rating and its newest reviews (loaded after the course itself). */
export function CourseReviews({ courseId }: { courseId: string }) {
  const t = useT();
  const { language } = useLanguage();
  const { data } = useCourseReviewsQuery({ variables: { courseId }, fetchPolicy: 'cache-and-network' });
  if (!data?.course) return null;
  const { averageRating, ratingCount } = data.course;
  return (
    <Stack as="section" aria-labelledby="course-reviews" gap="3">
      <Heading as="h2" id="course-reviews" size="lg">
        {t('course.reviews.title')}
      </Heading>
      {averageRating === null || averageRating === undefined ? (
        <Text color="gray.600">{t('course.reviews.none')}</Text>
      ) : (
        <HStack gap="2" data-testid="course-rating">
          <StarRating value={Math.round(averageRating)} />
          <Text fontWeight="semibold">{t('course.reviews.summary', { rating: formatDigits(averageRating, language), count: ratingCount })}</Text>
        </HStack>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {data.reviews.items.map((review) => (
          <ReviewCard key={review.id} review={review} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
