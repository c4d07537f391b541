import { CourseCard } from '../../../components/course-card';
import { EmptyState } from '../../../components/states';
import type { CourseCard_CourseFragment } from '../../../components/course-card.generated';
import { useT } from '../../../lib/i18n';
import '../../../styles/ui.css';
import './home.css';

interface CourseSectionProps {
  /** The heading's id, the same in every language. */
  id: string;
  title: string;
  courses: CourseCard_CourseFragment[];
  eager?: boolean;
}

/** A home page section: its title and its first four courses in a 1, 2 or 4 column grid. */
export function CourseSection({ id, title, courses, eager = false }: CourseSectionProps) {
  const t = useT();
  return (
    <section className="ui-stack home-section" aria-labelledby={id}>
      <h2 className="ui-heading ui-heading-xl" id={id}>
        {title}
      </h2>
      {courses.length === 0 ? (
        <EmptyState>{t('home.sections.empty')}</EmptyState>
      ) : (
        <div className="ui-grid ui-grid-4">
          {courses.slice(0, 4).map((course) => (
            <CourseCard key={course.id} course={course} eager={eager} />
          ))}
        </div>
      )}
    </section>
  );
}
