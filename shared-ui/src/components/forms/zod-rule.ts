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
