import { lazy, Suspense } from 'react';
import { ErrorState, FullScreenLoading } from '../../components/states';
import { useHomePageQuery } from './api/home-page.generated';
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/session-context';
import { CourseSection } from './components/course-section';
import { Hero } from './components/hero';
import { HomeBundles } from './components/home-bundles';
import { HomeModelTests } from './components/home-tests';
// Below the fold: the page's first download leaves them out. A server-rendered page keeps their
// HTML on screen until their code arrives, as with the footer.
const extras = () => import('./components/home-extras');
const StatisticsStrip = lazy(async () => ({ default: (await extras()).StatisticsStrip }));
const LearnerReviews = lazy(async () => ({ default: (await extras()).LearnerReviews }));
const PartnersStrip = lazy(async () => ({ default: (await extras()).PartnersStrip }));
const AvailableOn = lazy(async () => ({ default: (await extras()).AvailableOn }));

export default function HomePage() {
  const t = useT();
  const { data, loading, error, refetch } = useHomePageQuery();
  const { state } = useSession();
  return (
    <>
      <Hero signedIn={state.status === 'signedIn'} />
      {loading && !data ? (
        <FullScreenLoading />
      ) : error || !data ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : (
        <>
          <div className="ui-container">
            <CourseSection id="free-courses" title={t('home.sections.free')} courses={data.free.items} eager />
            <HomeBundles />
            <HomeModelTests />
            <CourseSection id="professional-courses" title={t('home.sections.professional')} courses={data.professional.items} />
          </div>
          <Suspense fallback={null}>
            <StatisticsStrip figures={data.catalogueFigures} />
          </Suspense>
          <div className="ui-container">
            <CourseSection id="trending-courses" title={t('home.sections.trending')} courses={data.trending.items} />
            <CourseSection id="school-courses" title={t('home.sections.school')} courses={data.school.items} />
            <Suspense fallback={null}>
              <LearnerReviews reviews={data.testimonials.items} />
            </Suspense>
          </div>
        </>
      )}
      <div className="ui-container">
        <Suspense fallback={null}>
          <PartnersStrip />
          <AvailableOn />
        </Suspense>
      </div>
    </>
  );
}
