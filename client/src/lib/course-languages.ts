/** Each teaching language by its own name, in its own script (never translated), with its `lang` code. */
export const courseLanguageLabels = {
  BN: { label: 'বাংলা', lang: 'bn' },
  EN: { label: 'English', lang: 'en' },
} as const;
