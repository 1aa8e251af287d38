import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-french';
import { expenseBodySchema } from './expenses';

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('zod answers in French', () => {
  it('missing, wrong type, list, format, bounds', () => {
    expect(messageOf(z.object({ a: z.string() }), {})).toBe('Champ obligatoire');
    expect(messageOf(z.string(), 12)).toBe('Valeur invalide');
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe('Choisissez une valeur de la liste');
    expect(messageOf(z.email(), 'x')).toBe('Adresse e-mail invalide');
    expect(messageOf(z.string().min(1), '')).toBe('Champ obligatoire');
    expect(messageOf(z.string().min(3), 'a')).toBe('3 caractères au moins');
    expect(messageOf(z.string().max(3), 'abcd')).toBe('3 caractères au plus');
    expect(messageOf(z.number().min(2.5), 1)).toBe('La valeur doit être au moins 2,5');
    expect(messageOf(z.number().max(10), 11)).toBe('La valeur doit être au plus 10');
  });

  it('a schema’s own message stays', () => {
    expect(messageOf(z.string({ message: 'Nom obligatoire' }), undefined)).toBe('Nom obligatoire');
  });

  it('the expense form no longer shows zod’s English', () => {
    const issues = expenseBodySchema.safeParse({}).error?.issues ?? [];
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(issue.message).not.toMatch(/Invalid|expected|received/);
  });
});
