import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/**
 * An antd Form rule from the contract's schema of a field: the form says exactly what the server would
 * answer, in the same French words, before anything is sent.
 */
export function zodRule(schema: z.ZodType): Rule {
  return {
    validator: (_, value: unknown) => {
      const result = schema.safeParse(value === '' || value === null ? undefined : value);
      return result.success ? Promise.resolve() : Promise.reject(new Error(result.error.issues[0]?.message));
    },
  };
}

/**
 * A choice that must be made, for a Select: a validator rather than `required`, because antd puts `aria-required` on
 * the Select's wrapper div, where ARIA does not allow it (axe: aria-allowed-attr, critical).
 */
export function requiredChoice(message: string): Rule {
  return {
    validator: (_, value: unknown) =>
      value === undefined || value === null || value === '' ? Promise.reject(new Error(message)) : Promise.resolve(),
  };
}
