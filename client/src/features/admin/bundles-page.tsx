import { Badge, Box, Button, Card, Checkbox, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useConfirm } from '../../components/confirm-dialog';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { latinDigits } from '../../lib/digits';
import { formatMoney, majorUnits } from '../../lib/format';
import { describeError } from '../../lib/graphql-errors';
import { useLanguage, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { toaster } from '../../lib/toaster';
import {
  useAdminBundlesQuery,
  useCreateBundleMutation,
  useSetBundleOnSaleMutation,
  useUpdateBundleMutation,
  type AdminBundleFragment,
  type AdminBundlesQuery,
} from './api/bundles.generated';

type PaidCourse = AdminBundlesQuery['courses']['items'][number];

/** Bundles (admins): make one of published paid courses at one taka price, change it, and stop or restart its sale. */
export default function BundlesPage() {
  const t = useT();
  const { language } = useLanguage();
  const { data, loading, error, refetch } = useAdminBundlesQuery({ fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<AdminBundleFragment | null>(null);
  const [setOnSale] = useSetBundleOnSaleMutation();
  const { ask, dialog } = useConfirm();
  const form = useRef<HTMLDivElement>(null);

  const edit = (bundle: AdminBundleFragment) => {
    setEditing(bundle);
    form.current?.scrollIntoView?.({ block: 'start' });
  };
  const changeSale = async (bundle: AdminBundleFragment, onSale: boolean) => {
    try {
      await setOnSale({ variables: { id: bundle.id, onSale } });
      toaster.create({ title: t(onSale ? 'admin.bundles.onSaleAgain' : 'admin.bundles.withdrawn', { name: bundle.name }), type: 'success' });
    } catch (failure) {
      toaster.create({ title: describeError(failure, t).message, type: 'error' });
    }
  };
  const withdraw = (bundle: AdminBundleFragment) =>
    ask({
      title: t('admin.bundles.withdrawTitle', { name: bundle.name }),
      consequence: t('admin.bundles.withdrawConsequence'),
      confirmLabel: t('admin.bundles.withdraw'),
      destructive: true,
      onConfirm: () => changeSale(bundle, false),
    });

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
          <Box ref={form} scrollMarginTop="4">
            <BundleForm key={editing?.id ?? 'new'} courses={data?.courses.items ?? []} editing={editing} onDone={() => setEditing(null)} />
          </Box>
          <Heading as="h2" size="md">
            {t('admin.bundles.list')}
          </Heading>
          {data?.allBundles.length === 0 ? (
            <EmptyState>{t('admin.bundles.none')}</EmptyState>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {data?.allBundles.map((bundle) => (
                <Box as="li" key={bundle.id} borderWidth="1px" borderRadius="md" p="3" data-testid="bundle-row">
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    {bundle.onSale ? (
                      <RouterLink className="ui-link" to={paths.bundle(bundle.id)}>
                        {bundle.name}
                      </RouterLink>
                    ) : (
                      <Text fontWeight="medium">{bundle.name}</Text>
                    )}
                    {bundle.onSale ? (
                      <Badge colorPalette="green">{t('bundle.saving', { amount: formatMoney(bundle.saving, language) })}</Badge>
                    ) : (
                      <Badge colorPalette="gray">{t('admin.bundles.offSale')}</Badge>
                    )}
                  </HStack>
                  <Text fontSize="sm" mt="1">
                    {formatMoney(bundle.price, language)} · {bundle.courses.map((course) => course.name).join(', ')}
                  </Text>
                  <HStack gap="2" mt="2" wrap="wrap">
                    <Button size="sm" variant="outline" minH="44px" onClick={() => edit(bundle)}>
                      {t('admin.bundles.edit')}
                    </Button>
                    {bundle.onSale ? (
                      <Button size="sm" variant="ghost" colorPalette="red" minH="44px" onClick={() => withdraw(bundle)}>
                        {t('admin.bundles.withdraw')}
                      </Button>
                    ) : (
                      <Button size="sm" variant="ghost" minH="44px" onClick={() => void changeSale(bundle, true)}>
                        {t('admin.bundles.sellAgain')}
                      </Button>
                    )}
                  </HStack>
                </Box>
              ))}
            </Stack>
          )}
        </>
      )}
      {dialog}
    </Stack>
  );
}

/** A new bundle, or the one being changed (`editing`): its name, courses and taka price. */
function BundleForm({ courses, editing, onDone }: { courses: PaidCourse[]; editing: AdminBundleFragment | null; onDone: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const [create, creating] = useCreateBundleMutation({ refetchQueries: ['AdminBundles'] });
  const [update, updating] = useUpdateBundleMutation();
  const [name, setName] = useState(editing?.name ?? '');
  const [price, setPrice] = useState(editing ? String(majorUnits(editing.price)) : '');
  const [chosen, setChosen] = useState<string[]>(editing?.courses.map((course) => course.id) ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sum = courses.filter((course) => chosen.includes(course.id)).reduce((total, course) => total + course.priceTaka.amount, 0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const taka = Number(latinDigits(price.trim()));
    const input = { name: name.trim(), courseIds: chosen, priceBDT: Number.isFinite(taka) ? Math.trunc(taka) : 0 };
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
    } catch (failure) {
      const { message, field } = describeError(failure, t);
      setErrors({ [field ?? 'form']: message });
    }
  };

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
