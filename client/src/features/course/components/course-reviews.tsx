import { ReviewCard } from '../../../components/review-card';
import { StarRating } from '../../../components/star-rating';
import { formatDigits } from '../../../lib/format';
import { useLanguage, useT } from '../../../lib/i18n';
import { useCourseReviewsQuery } from '../api/course-reviews.generated';
import '../../../styles/ui.css';
import '../course-page.css';

/** The course's rating and its newest reviews (loaded after the course itself). */
export function CourseReviews({ courseId }: { courseId: string }) {
  const t = useT();
  const { language } = useLanguage();
  const { data } = useCourseReviewsQuery({ variables: { courseId }, fetchPolicy: 'cache-and-network' });
  if (!data?.course) return null;
  const { averageRating, ratingCount } = data.course;
  return (
    <section className="ui-stack course-section" aria-labelledby="course-reviews">
      <h2 className="ui-heading ui-heading-lg" id="course-reviews">
        {t('course.reviews.title')}
      </h2>
      {averageRating === null || averageRating === undefined ? (
        <p className="course-muted">{t('course.reviews.none')}</p>
      ) : (
        <div className="course-rating" data-testid="course-rating">
          <StarRating value={Math.round(averageRating)} />
          <p className="course-strong">{t('course.reviews.summary', { rating: formatDigits(averageRating, language), count: ratingCount })}</p>
        </div>
      )}
      <div className="ui-grid course-reviews">
        {data.reviews.items.map((review) => (
          <ReviewCard key={review.id} review={review} />
        ))}
      </div>
    </section>
  );
}
