import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodRule } from './zod-rule';

const validate = (schema: z.ZodType, value: unknown) =>
  (zodRule(schema) as { validator: (rule: unknown, value: unknown) => Promise<void> }).validator({}, value);

describe('zodRule', () => {
  it('accepts what the schema accepts, an empty field counting as absent', async () => {
    await expect(validate(z.string().optional(), '')).resolves.toBeUndefined();
    await expect(validate(z.string().min(2), 'ab')).resolves.toBeUndefined();
  });

  it('rejects with the schema’s French message', async () => {
    await expect(validate(z.string().min(2, { message: 'Trop court' }), 'a')).rejects.toThrow('Trop court');
    await expect(validate(z.string({ message: 'Obligatoire' }), '')).rejects.toThrow('Obligatoire');
  });
});
