import { RadioGroup, Stack, Text } from '@chakra-ui/react';
import type { PaymentProvider } from '../../../gql/types';
import { useT } from '../../../lib/i18n';

interface PaymentChoiceProps {
  providers: PaymentProvider[];
  value: PaymentProvider;
  onChange: (provider: PaymentProvider) => void;
  /** The course's price as each way charges it. */
  taka: string;
  price: string;
}

/** How to pay, when there is more than one way: local (bKash, Nagad, Rocket, local cards) or an international card. */
export function PaymentChoice({ providers, value, onChange, taka, price }: PaymentChoiceProps) {
  const t = useT();
  return (
    <RadioGroup.Root value={value} onValueChange={(e) => onChange(e.value as PaymentProvider)} aria-label={t('checkout.howToPay')}>
      <Text fontWeight="semibold" mb="2">
        {t('checkout.howToPay')}
      </Text>
      <Stack gap="2">
        {providers.map((provider) => (
          <RadioGroup.Item key={provider} value={provider} minH="44px" borderWidth="1px" borderRadius="md" px="3">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>
              {provider === 'SSLCOMMERZ' ? t('checkout.method.local', { price: taka }) : t('checkout.method.stripe', { price })}
            </RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}
