import { describe, expect, it } from 'vitest';
import { htmlToSmsText, isGsm7, smsSegments } from './sms-segments';

const repeat = (char: string, count: number) => char.repeat(count);

describe('smsSegments — GSM-7', () => {
  it('counts nothing for an empty message', () => {
    expect(smsSegments('')).toMatchObject({ characters: 0, units: 0, segments: 0, encoding: 'GSM-7' });
  });

  it('fits 160 characters in one SMS and splits at 161 into parts of 153', () => {
    expect(smsSegments(repeat('a', 1)).segments).toBe(1);
    expect(smsSegments(repeat('a', 160))).toMatchObject({ segments: 1, remaining: 0 });
    expect(smsSegments(repeat('a', 161))).toMatchObject({ segments: 2, remaining: 306 - 161 });
    expect(smsSegments(repeat('a', 306)).segments).toBe(2);
    expect(smsSegments(repeat('a', 307)).segments).toBe(3);
    expect(smsSegments(repeat('a', 459)).segments).toBe(3);
    expect(smsSegments(repeat('a', 460)).segments).toBe(4);
  });

  it('keeps French accents of the GSM alphabet (é è ù à ì ò Ç) in GSM-7', () => {
    const text = 'Votre véhicule AB-123-CD est prêt à être récupéré';
    expect(isGsm7('éèùàìòÇÉÄÖÑÜäöñü£$¥§¿¡')).toBe(true);
    expect(smsSegments('Réparé à Lyon, où ça ?')).toMatchObject({ encoding: 'UCS-2' }); // ç and ê are not GSM
    expect(smsSegments(text).encoding).toBe('UCS-2');
    expect(smsSegments('Votre vehicule est repare, merci').encoding).toBe('GSM-7');
  });

  it('counts extension characters (€ [ ] { } ^ ~ | \\) as two septets', () => {
    expect(smsSegments('€')).toMatchObject({ characters: 1, units: 2, encoding: 'GSM-7' });
    expect(smsSegments('[]{}^~|\\').units).toBe(16);
    expect(smsSegments(repeat('€', 80))).toMatchObject({ units: 160, segments: 1 });
    expect(smsSegments(`${repeat('€', 80)}a`)).toMatchObject({ units: 161, segments: 2 });
    expect(smsSegments(`${repeat('a', 159)}€`)).toMatchObject({ units: 161, segments: 2 });
  });

  it('counts line breaks as one septet', () => {
    expect(smsSegments('Bonjour\nMAAF').units).toBe(12);
  });

  it('keeps the #FOLDER# placeholder in GSM-7', () => {
    expect(smsSegments('Dossier #FOLDER# clos').encoding).toBe('GSM-7');
  });
});

describe('smsSegments — UCS-2', () => {
  it('switches to UCS-2 for any non-GSM character: 70 then 67 per part', () => {
    expect(smsSegments('ê')).toMatchObject({ encoding: 'UCS-2', units: 1, segments: 1 });
    expect(smsSegments(`${repeat('a', 69)}ê`)).toMatchObject({ units: 70, segments: 1, remaining: 0 });
    expect(smsSegments(`${repeat('a', 70)}ê`)).toMatchObject({ units: 71, segments: 2 });
    expect(smsSegments(`${repeat('a', 133)}ê`).segments).toBe(2);
    expect(smsSegments(`${repeat('a', 134)}ê`).segments).toBe(3);
  });

  it('counts emoji as two UTF-16 units but one visible character', () => {
    expect(smsSegments('🚗')).toMatchObject({ characters: 1, units: 2, encoding: 'UCS-2' });
  });

  it('does not double extension characters in UCS-2', () => {
    expect(smsSegments('€ê')).toMatchObject({ units: 2, encoding: 'UCS-2' });
  });
});

describe('htmlToSmsText', () => {
  it('turns paragraphs into lines and drops tags and entities', () => {
    expect(htmlToSmsText('<p>Bonjour <strong>M. Martin</strong>,</p><p>votre RDV&nbsp;: 14h</p>')).toBe(
      'Bonjour M. Martin,\nvotre RDV : 14h',
    );
    expect(htmlToSmsText('')).toBe('');
    expect(htmlToSmsText('<p><br></p>')).toBe('');
  });
});
