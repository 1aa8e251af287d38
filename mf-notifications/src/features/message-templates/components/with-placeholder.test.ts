import { describe, expect, it } from 'vitest';
import { withPlaceholder } from './with-placeholder';

describe('a placeholder added by its button', () => {
  it('ends the text’s last paragraph, or starts one', () => {
    expect(withPlaceholder('<p>Bonjour</p>', '#CLIENT#')).toBe('<p>Bonjour #CLIENT#</p>');
    expect(withPlaceholder('', '#DATE#')).toBe('<p>#DATE#</p>');
    expect(withPlaceholder('<p>Un</p><p>Deux</p>\n', '#HEURE#')).toBe('<p>Un</p><p>Deux #HEURE#</p>');
  });
});
