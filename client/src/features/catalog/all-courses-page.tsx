import { Button, Container, Heading, HStack, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CourseCard } from '../../components/course-card';
import { Pager } from '../../components/pager';
import { EmptyState, ErrorState, FullScreenLoading } from '../../components/states';
import type { CourseLanguage, HomeSection } from '../../gql/types';
import { useAllCoursesQuery } from './api/all-courses.generated';
import { courseLanguageLabels } from '../../lib/course-languages';
import { useT, type MessageKey } from '../../lib/i18n';
import { useSearchChanges } from '../../lib/use-search-changes';
import { typedNumber } from '../../lib/digits';

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

export default function AllCoursesPage() {
  const t = useT();
  const [params, update] = useSearchChanges();
  const section = sectionFilters.some((f) => f.value === params.get('section')) ? (params.get('section') as HomeSection) : undefined;
  const classLevel = wholeNumber(params.get('class'), 1, 12);
  const language = languageOf(params.get('language'));
  const offset = wholeNumber(params.get('offset'), 0, 100_000) ?? 0;
  const { data, previousData, loading, error, refetch } = useAllCoursesQuery({
    variables: { offset, limit: ALL_COURSES_PAGE_SIZE, section: section ?? null, classLevel: classLevel ?? null, language: language ?? null },
  });
  const page = (data ?? previousData)?.courses;

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {t('catalog.title')}
        </Heading>
        <HStack gap="2" wrap="wrap" role="group" aria-label={t('catalog.filter')}>
          {sectionFilters.map((filter) => (
            <Button
              key={filter.label}
              size="sm"
              variant={(section ?? '') === filter.value ? 'solid' : 'outline'}
              colorPalette="blue"
              aria-pressed={(section ?? '') === filter.value}
              onClick={() => update({ section: filter.value || undefined, offset: undefined })}
            >
              {t(filter.label)}
            </Button>
          ))}
          <NativeSelect.Root size="sm" width="40">
            <NativeSelect.Field
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
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <NativeSelect.Root size="sm" width="40">
            <NativeSelect.Field
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
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        {section && <Text color="gray.600">{t(sectionTitles[section])}</Text>}
        {loading && !page ? (
          <FullScreenLoading />
        ) : error && !page ? (
          <ErrorState onRetry={() => void refetch()} />
        ) : page && page.items.length === 0 ? (
          <EmptyState>{t('catalog.empty')}</EmptyState>
        ) : page ? (
          <>
            <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap="4" aria-busy={loading}>
              {page.items.map((course, i) => (
                <CourseCard key={course.id} course={course} eager={i < 4} titleAs="h2" />
              ))}
            </SimpleGrid>
            <Pager offset={page.offset} limit={page.limit} total={page.total} onChange={(next) => update({ offset: next ? String(next) : undefined })} />
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
