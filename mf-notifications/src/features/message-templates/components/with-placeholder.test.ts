import { describe, expect, it } from 'vitest';
import { withPlaceholder } from './with-placeholder';

describe('a placeholder added by its button', () => {
  it('ends the text after a space, or starts it, or starts the line just begun', () => {
    expect(withPlaceholder('Bonjour', '#CLIENT#')).toBe('Bonjour #CLIENT#');
    expect(withPlaceholder('', '#DATE#')).toBe('#DATE#');
    expect(withPlaceholder('Un\nDeux ', '#HEURE#')).toBe('Un\nDeux #HEURE#');
    expect(withPlaceholder('Un\n', '#HEURE#')).toBe('Un\n#HEURE#');
  });
});
