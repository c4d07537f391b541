import type { ValueTransformer } from 'typeorm';

/** pg returns NUMERIC as a string; the product works with numbers. */
export const numericToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
