import type { Rule } from 'antd/es/form';
import { documentLineBodySchema } from 'contracts';
import { normalizeDecimal } from '../form-values';

/** The part of a zod schema a rule needs (this app does not depend on zod itself). */
interface Checkable {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/**
 * A Form rule from the contract's schema of a line field, fed the text as the body will send it (French decimals
 * normalized): the line says what the server would answer, in the same words. Unlike shared-ui's zodRule, an
 * empty field is checked as '' so that it gets the field's own message.
 */
function lineRule(schema: Checkable, normalize: (text: string) => string = (text) => text): Rule {
  return {
    validator: (_, value: unknown) => {
      const result = schema.safeParse(normalize(typeof value === 'string' ? value : String(value ?? '')));
      return result.success ? Promise.resolve() : Promise.reject(new Error(result.error?.issues[0]?.message));
    },
  };
}

const line = documentLineBodySchema.shape;

export const LINE_RULES = {
  title: [lineRule(line.title)],
  quantity: [lineRule(line.quantity, normalizeDecimal)],
  unitPrice: [lineRule(line.preTaxAmount)],
  remise: [lineRule(line.remise, (text) => normalizeDecimal(text) || '0')],
  details: [lineRule(line.details)],
} satisfies Record<string, Rule[]>;
