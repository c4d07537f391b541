import { Link as RouterLink } from 'react-router-dom';
import { formatDigits } from '../../../lib/format';
import { useLanguage, useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useCourseModelTestsQuery } from '../api/course-page.generated';

/** The course's model tests and its lessons' quizzes, each one a link: what "২টি কুইজ ও মডেল টেস্ট" counts. */
export function CourseTests({ courseId, lessons }: { courseId: string; lessons: ReadonlyArray<{ id: string; title: string; quizQuestionCount: number }> }) {
  const t = useT();
  const { language } = useLanguage();
  const { data } = useCourseModelTestsQuery({ variables: { courseId } });
  const tests = data?.modelTests.items ?? [];
  const quizzes = lessons.filter((lesson) => lesson.quizQuestionCount > 0);
  if (tests.length === 0 && quizzes.length === 0) return null;
  return (
    <section className="ui-stack course-section" id="course-tests" aria-labelledby="course-tests-title" data-testid="course-tests">
      <h2 className="ui-heading ui-heading-lg" id="course-tests-title">
        {t('course.tests.title')}
      </h2>
      <ul className="ui-stack course-tests">
        {tests.map((test) => (
          <li key={test.id}>
            <RouterLink className="ui-link course-test" to={paths.modelTest(test.id)}>
              {test.title}
            </RouterLink>
            <span className="course-small">
              {t('course.tests.shape', { questions: formatDigits(test.questionCount, language), minutes: formatDigits(test.durationMinutes, language) })}
              {test.free && ` · ${t('courseCard.free')}`}
            </span>
          </li>
        ))}
        {quizzes.map((lesson) => (
          <li key={lesson.id}>
            <RouterLink className="ui-link course-test" to={paths.player(courseId, lesson.id)}>
              {t('course.tests.quiz', { lesson: lesson.title })}
            </RouterLink>
            <span className="course-small">{t('course.tests.quizShape', { questions: formatDigits(lesson.quizQuestionCount, language) })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
