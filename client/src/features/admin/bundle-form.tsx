import { Box, Button, Card, Checkbox, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { InlineLoading } from '../../components/states';
import { latinDigits } from '../../lib/digits';
import { formatMoney } from '../../lib/format';
import { describeError } from '../../lib/graphql-errors';
import { useLanguage, useT } from '../../lib/i18n';
import { fromMinorUnits } from '../../lib/minor-units';
import { toaster } from '../../lib/toaster';
import {
  useBundleCourseSearchQuery,
  useCreateBundleMutation,
  useUpdateBundleMutation,
  type AdminBundleFragment,
  type BundleCourseChoiceFragment,
} from './api/bundles.generated';

/** Letters typed before the catalogue is searched. */
const SEARCH_FROM = 2;
/** How long typing rests before the catalogue is searched (a slow network gets one request, not one per letter). */
const SEARCH_AFTER_MS = 300;

/** A new bundle, or the one being changed (`editing`): its name, courses (any paid course of the catalogue, found by search) and taka price. */
export function BundleForm({
  newest,
  editing,
  onDone,
}: {
  /** Paid courses offered before anything is searched (the newest). */
  newest: BundleCourseChoiceFragment[];
  editing: AdminBundleFragment | null;
  onDone: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const [create, creating] = useCreateBundleMutation({ refetchQueries: ['AdminBundles'] });
  const [update, updating] = useUpdateBundleMutation();
  const [name, setName] = useState(editing?.name ?? '');
  const [price, setPrice] = useState(editing ? String(fromMinorUnits(editing.price.amount)) : '');
  const [chosen, setChosen] = useState<BundleCourseChoiceFragment[]>(editing?.courses ?? []);
  const [search, setSearch] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    const waiting = setTimeout(() => setText(search.trim()), SEARCH_AFTER_MS);
    return () => clearTimeout(waiting);
  }, [search]);
  const searching = text.length >= SEARCH_FROM;
  const found = useBundleCourseSearchQuery({ variables: { text }, skip: !searching });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sum = chosen.reduce((total, course) => total + course.priceTaka.amount, 0);
  const isChosen = (id: string) => chosen.some((course) => course.id === id);
  // Chosen courses first, then the matches (or the newest), paid ones only.
  const offered = (searching ? (found.data?.courseSearch.items ?? []) : newest).filter((course) => course.priceTaka.amount > 0 && !isChosen(course.id));

  const toggle = (course: BundleCourseChoiceFragment, on: boolean) =>
    setChosen((list) => (on ? [...list.filter((item) => item.id !== course.id), course] : list.filter((item) => item.id !== course.id)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const taka = Number(latinDigits(price.trim()));
    const input = { name: name.trim(), courseIds: chosen.map((course) => course.id), priceBDT: Number.isFinite(taka) ? Math.trunc(taka) : 0 };
    try {
      if (editing) {
        await update({ variables: { id: editing.id, input } });
        toaster.create({ title: t('admin.bundles.saved', { name: input.name }), type: 'success' });
        onDone();
        return;
      }
      await create({ variables: { input } });
      toaster.create({ title: t('admin.bundles.made', { name: input.name }), type: 'success' });
      setName('');
      setPrice('');
      setChosen([]);
      setSearch('');
    } catch (failure) {
      const { message, field } = describeError(failure, t);
      setErrors({ [field ?? 'form']: message });
    }
  };

  const choice = (course: BundleCourseChoiceFragment) => (
    <Checkbox.Root key={course.id} checked={isChosen(course.id)} onCheckedChange={(change) => toggle(course, Boolean(change.checked))}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>
        {course.name} · {formatMoney(course.priceTaka, language)}
      </Checkbox.Label>
    </Checkbox.Root>
  );

  const title = editing ? t('admin.bundles.editTitle', { name: editing.name }) : t('admin.bundles.new');
  return (
    <Card.Root>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <Card.Body gap="4">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <Field.Root required invalid={Boolean(errors.name)}>
            <Field.Label>{t('admin.bundles.name')}</Field.Label>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
            <Field.ErrorText>{errors.name}</Field.ErrorText>
          </Field.Root>
          {/* A fieldset, not a Field: each checkbox keeps its own label. */}
          <Box as="fieldset" aria-invalid={Boolean(errors.courseIds) || undefined}>
            <Text as="legend" fontSize="sm" fontWeight="medium" mb="1">
              {t('admin.bundles.courses')}
            </Text>
            <Stack gap="1">{chosen.map(choice)}</Stack>
            <Field.Root mt="2">
              <Field.Label>{t('admin.bundles.findCourse')}</Field.Label>
              <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('admin.bundles.findCoursePlaceholder')} />
            </Field.Root>
            <Stack gap="1" mt="2" data-testid="bundle-course-choices">
              {searching && found.loading && !found.data ? (
                <InlineLoading />
              ) : searching && offered.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('admin.bundles.noCourseFound')}
                </Text>
              ) : (
                offered.map(choice)
              )}
            </Stack>
            <Text fontSize="xs" color="fg.muted" mt="1">
              {t('admin.bundles.coursesHelp')}
            </Text>
            {errors.courseIds && (
              <Text fontSize="xs" color="fg.error" role="alert">
                {errors.courseIds}
              </Text>
            )}
          </Box>
          <Field.Root required invalid={Boolean(errors.priceBDT)}>
            <Field.Label>{t('admin.bundles.price')}</Field.Label>
            <Input inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value)} />
            <Field.HelperText>
              {sum > 0 ? t('admin.bundles.priceHelp', { sum: formatMoney({ amount: sum, currency: 'bdt' }, language) }) : t('admin.bundles.priceHelpEmpty')}
            </Field.HelperText>
            <Field.ErrorText>{errors.priceBDT}</Field.ErrorText>
          </Field.Root>
          {errors.form && (
            <Text color="red.600" role="alert">
              {errors.form}
            </Text>
          )}
          <HStack gap="2" wrap="wrap">
            <Button type="submit" colorPalette="blue" minH="44px" loading={creating.loading || updating.loading}>
              {editing ? t('admin.bundles.save') : t('admin.bundles.make')}
            </Button>
            {editing && (
              <Button type="button" variant="ghost" minH="44px" onClick={onDone}>
                {t('admin.bundles.cancelEdit')}
              </Button>
            )}
          </HStack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
