import { Alert, Checkbox, Code, Stack } from '@chakra-ui/react';
import { useT } from '../../lib/i18n';

/** Choices shown as checkboxes: the chosen ones, kept in order. */
export function Choices<T extends string>({
  options,
  chosen,
  onChange,
  label,
}: {
  options: T[];
  chosen: T[];
  onChange: (next: T[]) => void;
  label: (value: T) => string;
}) {
  return (
    <Stack gap="2">
      {options.map((option) => (
        <Checkbox.Root
          key={option}
          checked={chosen.includes(option)}
          onCheckedChange={(e) => onChange(e.checked === true ? [...chosen, option] : chosen.filter((value) => value !== option))}
          colorPalette="blue"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{label(option)}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Stack>
  );
}

/** A secret shown once, right after it was made. */
export function SecretOnce({ secret }: { secret: string }) {
  const t = useT();
  return (
    <Alert.Root status="warning" data-testid="secret-once">
      <Alert.Indicator />
      <Alert.Content minW="0">
        <Alert.Title>{t('admin.integrations.secretOnce')}</Alert.Title>
        <Alert.Description>
          <Code wordBreak="break-all" whiteSpace="normal" display="block" mt="2" p="2">
            {secret}
          </Code>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
