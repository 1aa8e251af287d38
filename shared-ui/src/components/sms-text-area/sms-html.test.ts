import { describe, expect, it } from 'vitest';
import { htmlToSmsText, smsTextToHtml } from './sms-html';

describe('htmlToSmsText', () => {
  it('turns paragraphs into lines and drops tags and entities', () => {
    expect(htmlToSmsText('<p>Bonjour <strong>M. Martin</strong>,</p><p>votre RDV&nbsp;: 14h</p>')).toBe(
      'Bonjour M. Martin,\nvotre RDV : 14h',
    );
    expect(htmlToSmsText('')).toBe('');
    expect(htmlToSmsText('<p><br></p>')).toBe('');
  });

  it('keeps a line break inside a paragraph, and reads a paragraph inside a div once', () => {
    expect(htmlToSmsText('<p>Bonjour<br>Votre véhicule</p><p><br></p><p>Fin</p>')).toBe(
      'Bonjour\nVotre véhicule\n\nFin',
    );
    expect(htmlToSmsText('<div><p>Un</p><p>Deux</p></div>')).toBe('Un\nDeux');
  });
});

describe('smsTextToHtml', () => {
  it('gives back, line for line, the text typed (signs that mean something in HTML included)', () => {
    const text = 'Bonjour #CLIENT#,\n\nRDV le #DATE# <à 8 h> & rappel : 04 78 00 00 00';
    expect(smsTextToHtml(text)).toBe(
      '<p>Bonjour #CLIENT#,</p><p></p><p>RDV le #DATE# &lt;à 8 h&gt; &amp; rappel : 04 78 00 00 00</p>',
    );
    expect(htmlToSmsText(smsTextToHtml(text))).toBe(text);
  });
});
