import { RadioGroup, Stack, Text } from '@chakra-ui/react';
import type { PaymentProvider } from '../../../gql/types';
import { useT } from '../../../lib/i18n';

interface PaymentChoiceProps {
  /** The ways to pay the server offers (paymentOptions), each with its label in the page's language. */
  options: ReadonlyArray<{ provider: PaymentProvider; label: string; currency: string }>;
  value: PaymentProvider;
  onChange: (provider: PaymentProvider) => void;
  /** The course's price in a currency, formatted. */
  priceOf: (currency: string) => string;
}

/** How to pay, when there is more than one way: each as the server names it, with its price. */
export function PaymentChoice({ options, value, onChange, priceOf }: PaymentChoiceProps) {
  const t = useT();
  return (
    <RadioGroup.Root value={value} onValueChange={(e) => onChange(e.value as PaymentProvider)} aria-label={t('checkout.howToPay')}>
      <Text fontWeight="semibold" mb="2">
        {t('checkout.howToPay')}
      </Text>
      <Stack gap="2">
        {options.map((option) => (
          <RadioGroup.Item key={option.provider} value={option.provider} minH="44px" borderWidth="1px" borderRadius="md" px="3">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{t('checkout.method', { label: option.label, price: priceOf(option.currency) })}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}
