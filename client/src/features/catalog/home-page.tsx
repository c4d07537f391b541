import { Container } from '@chakra-ui/react';
import { ErrorState, FullScreenLoading } from '../../components/states';
import { useHomePageQuery } from './api/home-page.generated';
import { homeSectionTitles } from '../../lib/messages';
import { useSession } from '../../lib/session-context';
import { CourseSection } from './components/course-section';
import { Hero } from './components/hero';
import { AvailableOn, LearnerReviews, PartnersStrip, StatisticsStrip } from './components/home-extras';

export default function HomePage() {
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
          <Container maxW="7xl">
            <CourseSection title={homeSectionTitles.FREE} courses={data.free.items} eager />
            <CourseSection title={homeSectionTitles.PROFESSIONAL_SKILL} courses={data.professional.items} />
          </Container>
          <StatisticsStrip />
          <Container maxW="7xl">
            <CourseSection title={homeSectionTitles.TRENDING} courses={data.trending.items} />
            <CourseSection title={homeSectionTitles.CLASS_1_TO_12} courses={data.school.items} />
            <LearnerReviews reviews={data.reviews.items} />
          </Container>
        </>
      )}
      <Container maxW="7xl">
        <PartnersStrip />
        <AvailableOn />
      </Container>
    </>
  );
}
