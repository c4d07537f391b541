import { Badge, Box, Button, Card, Checkbox, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { latinDigits } from '../../lib/digits';
import { formatMoney } from '../../lib/format';
import { describeError } from '../../lib/graphql-errors';
import { useLanguage, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { toaster } from '../../lib/toaster';
import { useAdminBundlesQuery, useCreateBundleMutation, type AdminBundlesQuery } from './api/bundles.generated';

type PaidCourse = AdminBundlesQuery['courses']['items'][number];

/** Bundles (admins): make one of published paid courses at one taka price, and see those on sale with what they save. */
export default function BundlesPage() {
  const t = useT();
  const { language } = useLanguage();
  const { data, loading, error, refetch } = useAdminBundlesQuery({ fetchPolicy: 'cache-and-network' });
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t('admin.bundles.title')}
      </Heading>
      <Text color="fg.muted">{t('admin.bundles.help')}</Text>
      {loading && !data ? (
        <InlineLoading />
      ) : error && !data ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : (
        <>
          <NewBundle courses={data?.courses.items ?? []} />
          <Heading as="h2" size="md">
            {t('admin.bundles.list')}
          </Heading>
          {data?.bundles.length === 0 ? (
            <EmptyState>{t('admin.bundles.none')}</EmptyState>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {data?.bundles.map((bundle) => (
                <Box as="li" key={bundle.id} borderWidth="1px" borderRadius="md" p="3" data-testid="bundle-row">
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    <RouterLink className="ui-link" to={paths.bundle(bundle.id)}>
                      {bundle.name}
                    </RouterLink>
                    <Badge colorPalette="green">{t('bundle.saving', { amount: formatMoney(bundle.saving, language) })}</Badge>
                  </HStack>
                  <Text fontSize="sm" mt="1">
                    {formatMoney(bundle.price, language)} · {bundle.courses.map((course) => course.name).join(', ')}
                  </Text>
                </Box>
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

function NewBundle({ courses }: { courses: PaidCourse[] }) {
  const t = useT();
  const { language } = useLanguage();
  const [create, { loading }] = useCreateBundleMutation({ refetchQueries: ['AdminBundles'] });
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sum = courses.filter((course) => chosen.includes(course.id)).reduce((total, course) => total + course.priceTaka.amount, 0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const taka = Number(latinDigits(price.trim()));
    try {
      await create({ variables: { input: { name: name.trim(), courseIds: chosen, priceBDT: Number.isFinite(taka) ? Math.trunc(taka) : 0 } } });
      toaster.create({ title: t('admin.bundles.made', { name: name.trim() }), type: 'success' });
      setName('');
      setPrice('');
      setChosen([]);
    } catch (failure) {
      const { message, field } = describeError(failure, t);
      setErrors({ [field ?? 'form']: message });
    }
  };

  return (
    <Card.Root>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('admin.bundles.new')}>
        <Card.Body gap="4">
          <Heading as="h2" size="md">
            {t('admin.bundles.new')}
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
            <Stack gap="1">
              {courses.map((course) => (
                <Checkbox.Root
                  key={course.id}
                  checked={chosen.includes(course.id)}
                  onCheckedChange={(change) => setChosen((list) => (change.checked ? [...list, course.id] : list.filter((id) => id !== course.id)))}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    {course.name} · {formatMoney(course.priceTaka, language)}
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
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
          <Button type="submit" colorPalette="blue" alignSelf="start" minH="44px" loading={loading}>
            {t('admin.bundles.make')}
          </Button>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
