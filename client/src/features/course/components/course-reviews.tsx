import { Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ReviewCard } from '../../../components/review-card';
import { StarRating } from '../../../components/star-rating';
import { useCourseReviewsQuery } from '../api/course-reviews.generated';

/** The course's rating and its newest reviews (loaded after the course itself). */
export function CourseReviews({ courseId }: { courseId: string }) {
  const { data } = useCourseReviewsQuery({ variables: { courseId }, fetchPolicy: 'cache-and-network' });
  if (!data?.course) return null;
  const { averageRating, ratingCount } = data.course;
  return (
    <Stack as="section" aria-labelledby="course-reviews" gap="3">
      <Heading as="h2" id="course-reviews" size="lg">
        Reviews
      </Heading>
      {averageRating === null || averageRating === undefined ? (
        <Text color="gray.600">No reviews yet.</Text>
      ) : (
        <HStack gap="2" data-testid="course-rating">
          <StarRating value={Math.round(averageRating)} />
          <Text fontWeight="semibold">
            {averageRating} from {ratingCount} {ratingCount === 1 ? 'review' : 'reviews'}
          </Text>
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
