import { z } from 'zod';
// The French locale alone (not `z.locales`, which would bring every language into each app's bundle).
import fr from 'zod/v4/locales/fr.js';

/*
 * Every message a user can read is French: a schema without its own message still answers in plain
 * French, never zod's English « Invalid input: expected string, received undefined ». Loaded first by the package's
 * index, so the API, every app and their tests share it. Schemas keep their own messages where they name the field.
 */

const number = (value: unknown) => String(value).replace('.', ',');

function plainFrench(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'Champ obligatoire' : 'Valeur invalide';
    case 'invalid_value':
      return 'Choisissez une valeur de la liste';
    case 'invalid_format':
      return issue.format === 'email' ? 'Adresse e-mail invalide' : 'Format invalide';
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'Champ obligatoire' : `${number(issue.minimum)} caractères au moins`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return `Au moins ${number(issue.minimum)} élément(s)`;
      return `La valeur doit être au moins ${number(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `${number(issue.maximum)} caractères au plus`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Au plus ${number(issue.maximum)} élément(s)`;
      return `La valeur doit être au plus ${number(issue.maximum)}`;
    case 'unrecognized_keys':
      return 'Champ inconnu';
    default:
      return undefined;
  }
}

z.config({ ...fr(), customError: plainFrench });
