import { ChevronDown } from 'lucide-react';
import { CourseCard } from '../../components/course-card';
import { isPlainClick, Pager } from '../../components/pager';
import { EmptyState, ErrorState, FullScreenLoading } from '../../components/states';
import type { CourseLanguage, HomeSection } from '../../gql/types';
import { useAllCoursesQuery } from './api/all-courses.generated';
import { courseLanguageLabels } from '../../lib/course-languages';
import { useT, type MessageKey } from '../../lib/i18n';
import { useSearchChanges, type SearchChanges } from '../../lib/use-search-changes';
import { typedNumber } from '../../lib/digits';
import { paths } from '../../lib/paths';
import { useHydrated } from '../../lib/use-hydrated';
import '../../styles/ui.css';
import './all-courses-page.css';

export const ALL_COURSES_PAGE_SIZE = 20;

const sectionFilters: Array<{ value: HomeSection | ''; label: MessageKey }> = [
  { value: '', label: 'catalog.filters.all' },
  { value: 'FREE', label: 'catalog.filters.free' },
  { value: 'PROFESSIONAL_SKILL', label: 'catalog.filters.professional' },
  { value: 'CLASS_1_TO_12', label: 'catalog.filters.school' },
  { value: 'TRENDING', label: 'catalog.filters.trending' },
];

/** `?language=bn` or `?language=en` in the address; anything else is no filter. */
function languageOf(raw: string | null): CourseLanguage | undefined {
  return (Object.keys(courseLanguageLabels) as CourseLanguage[]).find((language) => courseLanguageLabels[language].lang === raw);
}
/** Each section's title, as the home page shows it. */
const sectionTitles: Record<HomeSection, MessageKey> = {
  FREE: 'home.sections.free',
  PROFESSIONAL_SKILL: 'home.sections.professional',
  TRENDING: 'home.sections.trending',
  CLASS_1_TO_12: 'home.sections.school',
};

function wholeNumber(raw: string | null, min: number, max: number): number | undefined {
  const n = raw === null ? Number.NaN : typedNumber(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/**
 * /allCourses: the catalogue, filtered by section, class and language, a page at a time. Drawn on the
 * server with plain elements, its state all in the address: the sections and the pager are links and
 * the selects a GET form, so it works before (or without) scripts, and an address can be shared; the
 * scripts apply a choice in place.
 */
export default function AllCoursesPage() {
  const t = useT();
  const hydrated = useHydrated();
  const [params, update] = useSearchChanges();
  /** The catalogue's address with `changes` made to this one's filters. */
  const hrefWith = (changes: SearchChanges) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    // A select left empty in the form sent without scripts (`?class=`) is no filter: not carried on.
    for (const [key, value] of [...next]) if (!value) next.delete(key);
    const query = next.toString();
    return query ? `${paths.allCourses}?${query}` : paths.allCourses;
  };
  const section = sectionFilters.some((f) => f.value === params.get('section')) ? (params.get('section') as HomeSection) : undefined;
  const classLevel = wholeNumber(params.get('class'), 1, 12);
  const language = languageOf(params.get('language'));
  const offset = wholeNumber(params.get('offset'), 0, 100_000) ?? 0;
  const { data, previousData, loading, error, refetch } = useAllCoursesQuery({
    variables: { offset, limit: ALL_COURSES_PAGE_SIZE, section: section ?? null, classLevel: classLevel ?? null, language: language ?? null },
  });
  const page = (data ?? previousData)?.courses;

  return (
    <div className="ui-container ui-page">
      <div className="ui-stack">
        <h1 className="ui-heading ui-heading-2xl">{t('catalog.title')}</h1>
        <div className="catalog-filters" role="group" aria-label={t('catalog.filter')}>
          {sectionFilters.map((filter) => {
            const chosen = (section ?? '') === filter.value;
            const changes = { section: filter.value || undefined, offset: undefined };
            return (
              <a
                key={filter.label}
                href={hrefWith(changes)}
                className={`ui-button ui-blue ui-sm${chosen ? '' : ' ui-outline'}`}
                aria-current={chosen ? 'true' : undefined}
                onClick={(e) => {
                  // With scripts: in place, each change building on the one before (useSearchChanges).
                  if (!isPlainClick(e)) return;
                  e.preventDefault();
                  update(changes);
                }}
              >
                {t(filter.label)}
              </a>
            );
          })}
          {/* Without scripts, the selects are applied by sending the form (with them, at once); the section stays. */}
          <form className="catalog-selects" method="get" action={paths.allCourses}>
            {section && <input type="hidden" name="section" value={section} />}
            <div className="ui-select">
              <select
                name="class"
                aria-label={t('catalog.class')}
                value={classLevel ?? ''}
                onChange={(e) => update({ class: e.target.value || undefined, offset: undefined })}
              >
                <option value="">{t('catalog.anyClass')}</option>
                {Array.from({ length: 12 }, (_, i) => (
                  <option key={i + 1} value={i + 1}>
                    {t('catalog.classN', { n: i + 1 })}
                  </option>
                ))}
              </select>
              <ChevronDown aria-hidden />
            </div>
            <div className="ui-select">
              <select
                name="language"
                aria-label={t('courseLanguage.filter')}
                value={language ? courseLanguageLabels[language].lang : ''}
                onChange={(e) => update({ language: e.target.value || undefined, offset: undefined })}
              >
                <option value="">{t('courseLanguage.any')}</option>
                {(Object.keys(courseLanguageLabels) as CourseLanguage[]).map((value) => (
                  <option key={value} value={courseLanguageLabels[value].lang}>
                    {t(`courseLanguage.name.${value}`)}
                  </option>
                ))}
              </select>
              <ChevronDown aria-hidden />
            </div>
            {!hydrated && (
              <button type="submit" className="ui-button ui-blue ui-sm">
                {t('catalog.show')}
              </button>
            )}
          </form>
        </div>
        {section && <p className="catalog-section">{t(sectionTitles[section])}</p>}
        {loading && !page ? (
          <FullScreenLoading />
        ) : error && !page ? (
          <ErrorState onRetry={() => void refetch()} />
        ) : page && page.items.length === 0 ? (
          <EmptyState>{t('catalog.empty')}</EmptyState>
        ) : page ? (
          <>
            <div className="catalog-grid" aria-busy={loading}>
              {page.items.map((course, i) => (
                <CourseCard key={course.id} course={course} eager={i < 4} titleAs="h2" />
              ))}
            </div>
            <Pager
              offset={page.offset}
              limit={page.limit}
              total={page.total}
              onChange={(next) => update({ offset: next ? String(next) : undefined })}
              hrefFor={(next) => hrefWith({ offset: next ? String(next) : undefined })}
            />
          </>
        ) : null}
      </div>
    </div>
  );
}
