import { Badge, Box, Button, Card, Checkbox, Field, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { describeError } from '../../lib/graphql-errors';
import { formatDate, formatMoney } from '../../lib/format';
import { latinDigits } from '../../lib/digits';
import { useLanguage, useT } from '../../lib/i18n';
import { useSession } from '../../lib/session-context';
import { toaster } from '../../lib/toaster';
import { useCouponCoursesQuery, useCouponsQuery, useCreateCouponMutation, type CouponRowFragment } from './api/coupons.generated';

const whole = (text: string) => (text.trim() === '' ? null : Number(latinDigits(text.trim())));

/** Coupons: instructors for their own courses, admins for any or every course; each with its uses and revenue. */
export default function CouponsPage() {
  const t = useT();
  const { data, loading, error, refetch } = useCouponsQuery({ fetchPolicy: 'cache-and-network' });
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t('coupons.title')}
      </Heading>
      <Text color="fg.muted">{t('coupons.help')}</Text>
      <NewCoupon />
      <Heading as="h2" size="md">
        {t('coupons.list')}
      </Heading>
      {loading && !data ? (
        <InlineLoading />
      ) : error && !data ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : data?.coupons.length === 0 ? (
        <EmptyState>{t('coupons.none')}</EmptyState>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {data?.coupons.map((coupon) => (
            <CouponItem key={coupon.id} coupon={coupon} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function CouponItem({ coupon }: { coupon: CouponRowFragment }) {
  const t = useT();
  const { language } = useLanguage();
  const off =
    coupon.percentOff !== null && coupon.percentOff !== undefined
      ? t('coupons.percent', { percent: coupon.percentOff })
      : formatMoney(coupon.amountOff!, language);
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" data-testid="coupon-row">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontFamily="mono" fontWeight="bold">
          {coupon.code}
        </Text>
        <Badge colorPalette="green">{t('coupons.off', { off })}</Badge>
      </HStack>
      <Text fontSize="sm" mt="1">
        {coupon.courseIds.length === 0 ? t('coupons.everyCourse') : t('coupons.courses', { count: coupon.courseIds.length })}
        {' · '}
        {coupon.expiresAt ? t('coupons.until', { when: formatDate(coupon.expiresAt, language) }) : t('coupons.noEnd')}
      </Text>
      <Text fontSize="sm" data-testid="coupon-uses">
        {coupon.maxUses ? t('coupons.usesOf', { uses: coupon.uses, max: coupon.maxUses }) : t('coupons.uses', { uses: coupon.uses })}
        {' · '}
        {coupon.revenue.length === 0
          ? t('coupons.noRevenue')
          : t('coupons.revenue', { amount: coupon.revenue.map((total) => formatMoney(total, language)).join(', ') })}
      </Text>
    </Box>
  );
}

function NewCoupon() {
  const t = useT();
  const { state } = useSession();
  const admin = state.status === 'signedIn' && state.user.role === 'ADMIN';
  const courses = useCouponCoursesQuery();
  const [create, { loading }] = useCreateCouponMutation({ refetchQueries: ['Coupons'] });
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'taka'>('percent');
  const [amount, setAmount] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [expires, setExpires] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const [perStudent, setPerStudent] = useState('1');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await create({
        variables: {
          input: {
            code: code.trim(),
            percentOff: kind === 'percent' ? whole(amount) : null,
            amountOffBDT: kind === 'taka' ? whole(amount) : null,
            courseIds: chosen,
            expiresAt: expires ? new Date(`${expires}T23:59:59+06:00`).toISOString() : null,
            maxUses: whole(maxUses),
            maxUsesPerStudent: whole(perStudent),
          },
        },
      });
      toaster.create({ title: t('coupons.made', { code: code.trim().toUpperCase() }), type: 'success' });
      setCode('');
      setAmount('');
      setChosen([]);
    } catch (failure) {
      const { message, field } = describeError(failure, t);
      // extensions.field is the input path (input.percentOff); the form's fields are the input's own.
      const name = field?.replace(/^input\./, '') ?? null;
      const key = name === 'percentOff' || name === 'amountOffBDT' ? 'amount' : (name ?? 'form');
      setErrors({ [key]: message });
    }
  };

  const mine = courses.data?.managedCourses.items ?? [];
  return (
    <Card.Root>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('coupons.new')}>
        <Card.Body gap="4">
          <Heading as="h2" size="md">
            {t('coupons.new')}
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Field.Root required invalid={Boolean(errors.code)}>
              <Field.Label>{t('coupons.code')}</Field.Label>
              <Input value={code} onChange={(e) => setCode(e.target.value)} maxLength={30} autoCapitalize="characters" placeholder="EID25" />
              <Field.HelperText>{t('coupons.codeHelp')}</Field.HelperText>
              <Field.ErrorText>{errors.code}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={Boolean(errors.amount)}>
              <Field.Label>{t('coupons.discount')}</Field.Label>
              <HStack gap="2">
                <NativeSelect.Root width="auto">
                  <NativeSelect.Field aria-label={t('coupons.kind')} value={kind} onChange={(e) => setKind(e.target.value as 'percent' | 'taka')}>
                    <option value="percent">%</option>
                    <option value="taka">৳</option>
                  </NativeSelect.Field>
                </NativeSelect.Root>
                <Input inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} />
              </HStack>
              <Field.ErrorText>{errors.amount}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.expiresAt)}>
              <Field.Label>{t('coupons.expires')}</Field.Label>
              <Input type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
              <Field.ErrorText>{errors.expiresAt}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.maxUses)}>
              <Field.Label>{t('coupons.maxUses')}</Field.Label>
              <Input inputMode="numeric" value={maxUses} onChange={(e) => setMaxUses(e.target.value)} />
              <Field.ErrorText>{errors.maxUses}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.maxUsesPerStudent)}>
              <Field.Label>{t('coupons.perStudent')}</Field.Label>
              <Input inputMode="numeric" value={perStudent} onChange={(e) => setPerStudent(e.target.value)} />
              <Field.ErrorText>{errors.maxUsesPerStudent}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Field.Root invalid={Boolean(errors.courseIds)}>
            <Field.Label>{t('coupons.forCourses')}</Field.Label>
            <Stack gap="1">
              {mine.map((course) => (
                <Checkbox.Root
                  key={course.id}
                  checked={chosen.includes(course.id)}
                  onCheckedChange={(change) => setChosen((list) => (change.checked ? [...list, course.id] : list.filter((id) => id !== course.id)))}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{course.name}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
            <Field.HelperText>{admin ? t('coupons.forCoursesAdmin') : t('coupons.forCoursesInstructor')}</Field.HelperText>
            <Field.ErrorText>{errors.courseIds}</Field.ErrorText>
          </Field.Root>
          {errors.form && (
            <Text color="red.600" role="alert">
              {errors.form}
            </Text>
          )}
          <Button type="submit" colorPalette="blue" alignSelf="start" minH="44px" loading={loading}>
            {t('coupons.make')}
          </Button>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
