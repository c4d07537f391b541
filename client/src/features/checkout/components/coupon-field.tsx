import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PaymentProvider } from '../../../gql/types';
import { describeError } from '../../../lib/graphql-errors';
import { useT } from '../../../lib/i18n';
import { useCouponPreviewMutation } from '../api/checkout.generated';

export interface AppliedCoupon {
  code: string;
  /** The price with the coupon, in the currency of the way to pay chosen. */
  price: { amount: number; currency: string };
}

/**
 * "Have a coupon?": the code is checked by the server, which answers the new price for the way to
 * pay chosen (asked again when the way changes) or why the coupon does not apply.
 */
export function CouponField({
  courseId,
  provider,
  onChange,
}: {
  courseId: string;
  provider: PaymentProvider | null;
  onChange: (coupon: AppliedCoupon | null) => void;
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, { loading }] = useCouponPreviewMutation();
  const changed = useRef(onChange);
  changed.current = onChange;

  const apply = async (typed: string) => {
    setError(null);
    try {
      const { data } = await preview({ variables: { courseId, code: typed, provider } });
      setApplied(typed.toUpperCase());
      changed.current({ code: typed.toUpperCase(), price: data!.couponPreview });
    } catch (failure) {
      setApplied(null);
      changed.current(null);
      setError(describeError(failure, t).message);
    }
  };

  // Another way to pay prices the course in its own currency: the coupon is asked about again.
  const appliedRef = useRef(applied);
  appliedRef.current = applied;
  useEffect(() => {
    if (appliedRef.current) void apply(appliedRef.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [provider]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(t('checkout.coupon.empty'));
    void apply(code.trim());
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('checkout.coupon.label')}>
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>{t('checkout.coupon.label')}</Field.Label>
        <HStack gap="2" align="start">
          <Input value={code} onChange={(e) => setCode(e.target.value)} autoCapitalize="characters" autoComplete="off" maxLength={30} flex="1" />
          <Button type="submit" variant="outline" loading={loading} minH="40px">
            {t('checkout.coupon.apply')}
          </Button>
        </HStack>
        <Field.ErrorText>{error}</Field.ErrorText>
        {applied && (
          <HStack gap="2" mt="1">
            <Text color="green.700" fontSize="sm" role="status">
              {t('checkout.coupon.applied', { code: applied })}
            </Text>
            <Button
              size="xs"
              variant="ghost"
              onClick={() => {
                setApplied(null);
                setCode('');
                onChange(null);
              }}
            >
              {t('checkout.coupon.remove')}
            </Button>
          </HStack>
        )}
      </Field.Root>
    </form>
  );
}
