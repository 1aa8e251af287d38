import { describe, expect, it } from 'vitest';
import { htmlToSmsText } from './sms-segments';

describe('htmlToSmsText', () => {
  it('turns paragraphs into lines and drops tags and entities', () => {
    expect(htmlToSmsText('<p>Bonjour <strong>M. Martin</strong>,</p><p>votre RDV&nbsp;: 14h</p>')).toBe(
      'Bonjour M. Martin,\nvotre RDV : 14h',
    );
    expect(htmlToSmsText('')).toBe('');
    expect(htmlToSmsText('<p><br></p>')).toBe('');
  });
});
