import { describe, expect, it } from 'vitest';
import {
  dayKey,
  defaultSlotStart,
  durationLabel,
  mondayOf,
  parseDayKey,
  timeAtFraction,
  weekDays,
  weekTitle,
} from './week';

describe('the week on screen', () => {
  it('starts on Monday, whatever the day', () => {
    expect(dayKey(mondayOf(new Date(2026, 10, 24, 15)))).toBe('2026-11-23');
    expect(dayKey(mondayOf(new Date(2026, 10, 29, 23, 30)))).toBe('2026-11-23');
    expect(dayKey(mondayOf(new Date(2026, 10, 23)))).toBe('2026-11-23');
    expect(weekDays(new Date(2026, 10, 23)).map(dayKey)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });

  it('names the week in French, across months and years', () => {
    expect(weekTitle(new Date(2026, 10, 23))).toBe('Semaine du 23 au 29 novembre 2026');
    expect(weekTitle(new Date(2026, 10, 30))).toBe('Semaine du 30 novembre au 6 décembre 2026');
    expect(weekTitle(new Date(2025, 11, 29))).toBe('Semaine du 29 décembre 2025 au 4 janvier 2026');
    expect(weekTitle(new Date(2027, 1, 1))).toBe('Semaine du 1er au 7 février 2027');
  });

  it('reads the page’s ?semaine= and refuses what is not a date', () => {
    expect(parseDayKey('2026-11-24')?.getDate()).toBe(24);
    expect(parseDayKey('2026-02-30')).toBeUndefined();
    expect(parseDayKey('demain')).toBeUndefined();
    expect(parseDayKey(null)).toBeUndefined();
  });

  it('writes lengths as a garage does', () => {
    expect(durationLabel(45)).toBe('45 min');
    expect(durationLabel(60)).toBe('1 h');
    expect(durationLabel(90)).toBe('1 h 30');
  });
});

describe('a new appointment’s first slot', () => {
  // 2026-11-25 is a Wednesday; 2026-11-29 a Sunday.
  const wednesdayMonday = new Date(2026, 10, 23);
  it('is today’s next quarter hour during a working day, 9:00 before it', () => {
    expect(defaultSlotStart(wednesdayMonday, new Date(2026, 10, 25, 10, 7))).toEqual(new Date(2026, 10, 25, 10, 15));
    expect(defaultSlotStart(wednesdayMonday, new Date(2026, 10, 25, 7, 30))).toEqual(new Date(2026, 10, 25, 9, 0));
  });
  it('is the next working day at 9:00 in the evening, and Monday on a weekend (never a Sunday)', () => {
    expect(defaultSlotStart(wednesdayMonday, new Date(2026, 10, 25, 19, 30))).toEqual(new Date(2026, 10, 26, 9, 0));
    expect(defaultSlotStart(wednesdayMonday, new Date(2026, 10, 29, 11, 0))).toEqual(new Date(2026, 10, 30, 9, 0));
    expect(defaultSlotStart(wednesdayMonday, new Date(2026, 10, 27, 20, 0))).toEqual(new Date(2026, 10, 30, 9, 0));
  });
  it('is the Monday at 9:00 of a week to come', () => {
    expect(defaultSlotStart(new Date(2026, 11, 7), new Date(2026, 10, 25, 10, 7))).toEqual(new Date(2026, 11, 7, 9, 0));
  });
});

describe('a drop on the day’s hour grid', () => {
  const day = new Date(2026, 11, 1);
  it('chooses the quarter hour under the pointer, from 8:00 to 18:45', () => {
    expect(timeAtFraction(day, 0)).toEqual(new Date(2026, 11, 1, 8, 0));
    expect(timeAtFraction(day, 0.5)).toEqual(new Date(2026, 11, 1, 13, 30));
    expect(timeAtFraction(day, 0.999)).toEqual(new Date(2026, 11, 1, 18, 45));
    expect(timeAtFraction(day, 1.2)).toEqual(new Date(2026, 11, 1, 18, 45));
  });
});
