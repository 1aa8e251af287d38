import { describe, expect, it } from 'vitest';
import { appointmentReminderAt, fillSmsPlaceholders, frenchMobile, isStopReply, maskedMobile } from './sms';
import { isGsm7, smsSegments } from './sms-text';

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

describe('frenchMobile', () => {
  it('reads a French mobile however it was typed, in international form', () => {
    for (const typed of ['06 11 22 33 44', '06.11.22.33.44', '0611223344', '+33 6 11 22 33 44', '0033611223344']) {
      expect(frenchMobile(typed)).toBe('+33611223344');
    }
    expect(frenchMobile('07-98-76-54-32')).toBe('+33798765432');
    expect(maskedMobile('+33798765432')).toBe('07 •• •• •• 32');
  });

  it('refuses landlines, short numbers and foreign mobiles', () => {
    for (const typed of ['04 78 00 11 22', '0611', '+32 470 12 34 56', '', null, undefined, '08 00 00 00 00']) {
      expect(frenchMobile(typed)).toBeNull();
    }
  });
});

describe('appointment reminder time', () => {
  it('is 10:00 on Paris clocks the day before, in winter (UTC+1) and in summer (UTC+2)', () => {
    expect(appointmentReminderAt(new Date('2026-12-15T13:30:00Z')).toISOString()).toBe('2026-12-14T09:00:00.000Z');
    expect(appointmentReminderAt(new Date('2026-07-15T12:30:00Z')).toISOString()).toBe('2026-07-14T08:00:00.000Z');
  });

  it('takes the Paris day of the appointment, and the days the clocks change', () => {
    // 00:30 in Paris on 16 December is still the 15th in UTC: the reminder is on the 15th.
    expect(appointmentReminderAt(new Date('2026-12-15T23:30:00Z')).toISOString()).toBe('2026-12-15T09:00:00.000Z');
    // Clocks go forward on 29 March 2026 at 02:00: an appointment on the 30th is reminded on the 29th, summer time.
    expect(appointmentReminderAt(new Date('2026-03-30T08:00:00Z')).toISOString()).toBe('2026-03-29T08:00:00.000Z');
    // Back on 25 October 2026: reminded on the 25th, winter time.
    expect(appointmentReminderAt(new Date('2026-10-26T09:00:00Z')).toISOString()).toBe('2026-10-25T09:00:00.000Z');
  });
});

describe('fillSmsPlaceholders', () => {
  it('fills every placeholder, each as often as it appears', () => {
    const text = fillSmsPlaceholders(
      '#GARAGE# : RDV le #DATE# à #HEURE# pour #PLAQUE# (#FOLDER#), #CLIENT#. #PLAQUE#',
      {
        folderName: 'AB123CD',
        customer: 'M. Martin',
        plate: 'AB-123-CD',
        appointmentAt: new Date('2026-12-15T13:30:00Z'),
        garage: 'Vitrage Express Lyon',
      },
    );
    expect(text).toBe(
      'Vitrage Express Lyon : RDV le 15/12/2026 à 14h30 pour AB-123-CD (AB123CD), M. Martin. AB-123-CD',
    );
  });

  it('leaves the date and hour empty without an appointment', () => {
    const values = { folderName: 'X', customer: '', plate: 'X', appointmentAt: null, garage: 'G' };
    expect(fillSmsPlaceholders('[#DATE#][#HEURE#]', values)).toBe('[][]');
  });
});

describe('isStopReply', () => {
  it('reads « STOP » in any case, alone or first', () => {
    expect(['STOP', 'stop', ' Stop merci', 'STOP SMS'].map(isStopReply)).toEqual([true, true, true, true]);
    expect(['Merci', 'Je ne peux pas stopper', 'stopper', 'Non stop'].map(isStopReply)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
