import { Field, Input, SimpleGrid } from '@chakra-ui/react';
import { useT } from '../../../lib/i18n';

export interface Address {
  line1: string;
  city: string;
  postalCode: string;
  country: string;
}

export const emptyAddress: Address = { line1: '', city: '', postalCode: '', country: 'BD' };

const fields: Array<{ key: keyof Address; autoComplete: string }> = [
  { key: 'line1', autoComplete: 'address-line1' },
  { key: 'city', autoComplete: 'address-level2' },
  { key: 'postalCode', autoComplete: 'postal-code' },
  { key: 'country', autoComplete: 'country' },
];

export function missingAddressFields(address: Address): Array<keyof Address> {
  return fields.filter(({ key }) => !address[key].trim()).map(({ key }) => key);
}

export function AddressFields({
  kind,
  value,
  onChange,
  showErrors,
}: {
  kind: 'billing' | 'shipping';
  value: Address;
  onChange: (next: Address) => void;
  showErrors: boolean;
}) {
  const t = useT();
  const missing = new Set(missingAddressFields(value));
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
      {fields.map(({ key, autoComplete }) => (
        <Field.Root key={key} required invalid={showErrors && missing.has(key)}>
          <Field.Label>{t(`checkout.address.${kind}.${key}`)}</Field.Label>
          <Input autoComplete={`${kind} ${autoComplete}`} value={value[key]} onChange={(e) => onChange({ ...value, [key]: e.target.value })} />
          <Field.ErrorText>{t('checkout.required')}</Field.ErrorText>
        </Field.Root>
      ))}
    </SimpleGrid>
  );
}
