import { Field, Input, SimpleGrid } from '@chakra-ui/react';
import { localDigits } from '../../../lib/digits';
import { useLanguage, useT } from '../../../lib/i18n';
import { formatExpiry, type CardField } from '../card-payment';

export interface TypedCard {
  number: string;
  expiry: string;
  cvc: string;
}

interface CardFieldsProps {
  card: TypedCard;
  onChange: (card: TypedCard) => void;
  errors: Partial<Record<CardField, string>>;
}

/** The test mode's card fields (Stripe's own card element stands in for them with a publishable key). */
export function CardFields({ card, onChange, errors }: CardFieldsProps) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <SimpleGrid columns={{ base: 1, sm: 4 }} gap="3">
      <Field.Root gridColumn={{ sm: 'span 2' }} invalid={Boolean(errors.number)}>
        <Field.Label>{t('checkout.card.number')}</Field.Label>
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={localDigits('4242 4242 4242 4242', language)}
          value={card.number}
          onChange={(e) => onChange({ ...card, number: e.target.value })}
        />
        <Field.ErrorText>{errors.number}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.expiry)}>
        <Field.Label>{t('checkout.card.expiry')}</Field.Label>
        <Input
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('checkout.card.expiryPlaceholder')}
          value={card.expiry}
          onChange={(e) => onChange({ ...card, expiry: formatExpiry(e.target.value, card.expiry) })}
        />
        <Field.ErrorText>{errors.expiry}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.cvc)}>
        <Field.Label>{t('checkout.card.cvc')}</Field.Label>
        <Input
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={localDigits('123', language)}
          value={card.cvc}
          onChange={(e) => onChange({ ...card, cvc: e.target.value })}
        />
        <Field.ErrorText>{errors.cvc}</Field.ErrorText>
      </Field.Root>
    </SimpleGrid>
  );
}
