import { ReviewCard } from '../../../components/review-card';
import type { ReviewCard_ReviewFragment } from '../../../components/review-card.generated';
import type { HomePageQuery } from '../api/home-page.generated';
import { formatFigure } from '../../../lib/format';
import { useLanguage, useT, type MessageKey } from '../../../lib/i18n';
import '../../../styles/ui.css';
import './home.css';

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
    <div className="home-statistics">
      <div className="ui-container">
        <div className="home-statistics-grid">
          {statistics.map(({ key, label }) => (
            <div key={label} className="ui-stack" data-testid="statistic">
              <p className="home-figure">{formatFigure(figures[key], language)}</p>
              <p className="home-figure-label">{t(label)}</p>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** Students' own reviews, highest rated and newest first; nothing at all when nobody has written one. */
export function LearnerReviews({ reviews }: { reviews: ReviewCard_ReviewFragment[] }) {
  const t = useT();
  if (reviews.length === 0) return null;
  return (
    <section className="ui-stack home-section" aria-labelledby="learner-reviews">
      <h2 className="ui-heading ui-heading-xl" id="learner-reviews">
        {t('home.reviews.title')}
      </h2>
      <div className="ui-grid ui-grid-4">
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review} />
        ))}
      </div>
    </section>
  );
}

export const partners = ['Nirman Tech', 'Padma Soft', 'Meghna Bank', 'Sonar Telecom', 'Jamuna Books', 'Karnaphuli Labs'];

export function PartnersStrip() {
  const t = useT();
  return (
    <section className="ui-stack home-section" aria-labelledby="partners">
      <h2 className="ui-heading ui-heading-xl" id="partners">
        {t('home.partners.title')}
      </h2>
      <div className="home-partners">
        {partners.map((name, i) => (
          <img key={name} src={`/media/partners/partner-${i + 1}.svg`} alt={name} width="200" height="60" loading="lazy" />
        ))}
      </div>
    </section>
  );
}

const devices: MessageKey[] = ['home.devices.computer', 'home.devices.laptop', 'home.devices.mobile', 'home.devices.tablet'];

export function AvailableOn() {
  const t = useT();
  return (
    <section id="available-on" className="home-available" aria-labelledby="available-on-title">
      <div className="ui-stack home-available-text">
        <h2 className="ui-heading ui-heading-xl" id="available-on-title">
          {t('home.availableOn.title')}
        </h2>
        <p>{t('home.availableOn.text')}</p>
        <div className="home-devices">
          {devices.map((label) => (
            <p key={label}>{t(label)}</p>
          ))}
        </div>
      </div>
      <img src="/media/devices.svg" alt="" width="520" height="260" loading="lazy" />
    </section>
  );
}
