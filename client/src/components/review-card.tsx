import type { ReviewCard_ReviewFragment } from './review-card.generated';
import { StarRating } from './star-rating';
import { useT } from '../lib/i18n';
import '../styles/ui.css';
import './review-card.css';

/** A review or a testimonial, drawn with plain elements (the home page shows them without Chakra's run-time). */
export function ReviewCard({ review }: { review: ReviewCard_ReviewFragment }) {
  const t = useT();
  return (
    <div className="ui-card review-card" data-testid="review-card">
      <div className="review-card-author">
        <img src={review.img || '/media/people/avatar-1.svg'} alt="" width="48" height="48" loading="lazy" />
        <div>
          <p className="review-card-strong">{review.name}</p>
          {/* A student's review names the course as it is called now; a testimonial has its line. */}
          {(review.courseName || review.info) && (
            <p className="review-card-info">{review.courseName ? t('community.reviews.studentOf', { course: review.courseName }) : review.info}</p>
          )}
        </div>
      </div>
      {review.rating && <StarRating value={review.rating} />}
      {review.title && <p className="review-card-strong">{review.title}</p>}
      <p className="review-card-text">{review.text}</p>
    </div>
  );
}
