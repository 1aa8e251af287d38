import { describe, expect, it } from 'vitest';
import { highlightHtml } from './highlight-html';

describe('highlightHtml', () => {
  it('marks every occurrence in the text, whatever the case', () => {
    expect(highlightHtml('<p>Franchise fixe, franchise <strong>proportionnelle</strong></p>', 'FRANCHISE')).toBe(
      '<p><mark>Franchise</mark> fixe, <mark>franchise</mark> <strong>proportionnelle</strong></p>',
    );
  });

  it('leaves tags and attributes alone, and special characters are plain text', () => {
    expect(highlightHtml('<p class="strong">strong</p>', 'strong')).toBe('<p class="strong"><mark>strong</mark></p>');
    expect(highlightHtml('<p>1 h 30 (séchage)</p>', '(séchage)')).toBe('<p>1 h 30 <mark>(séchage)</mark></p>');
  });

  it('changes nothing without a query or a match', () => {
    expect(highlightHtml('<p>Accueil</p>', '')).toBe('<p>Accueil</p>');
    expect(highlightHtml('<p>Accueil</p>', 'xyz')).toBe('<p>Accueil</p>');
  });
});
