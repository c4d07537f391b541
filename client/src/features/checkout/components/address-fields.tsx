import { Field, Input, SimpleGrid } from '@chakra-ui/react';

export interface Address {
  line1: string;
  city: string;
  postalCode: string;
  country: string;
}

export const emptyAddress: Address = { line1: '', city: '', postalCode: '', country: 'BD' };

const fields: Array<{ key: keyof Address; label: string; autoComplete: string }> = [
  { key: 'line1', label: 'Address', autoComplete: 'address-line1' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { key: 'country', label: 'Country', autoComplete: 'country' },
];

export function missingAddressFields(address: Address): Array<keyof Address> {
  return fields.filter(({ key }) => !address[key].trim()).map(({ key }) => key);
}

export function AddressFields({ prefix, value, onChange, showErrors }: { prefix: string; value: Address; onChange: (next: Address) => void; showErrors: boolean }) {
  const missing = new Set(missingAddressFields(value));
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
      {fields.map(({ key, label, autoComplete }) => (
        <Field.Root key={key} required invalid={showErrors && missing.has(key)}>
          <Field.Label>{`${prefix} ${label.toLowerCase()}`}</Field.Label>
          <Input autoComplete={`${prefix === 'Billing' ? 'billing' : 'shipping'} ${autoComplete}`} value={value[key]} onChange={(e) => onChange({ ...value, [key]: e.target.value })} />
          <Field.ErrorText>Required</Field.ErrorText>
        </Field.Root>
      ))}
    </SimpleGrid>
  );
}
