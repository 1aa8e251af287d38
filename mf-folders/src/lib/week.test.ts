import { describe, expect, it } from 'vitest';
import { dayKey, durationLabel, mondayOf, parseDayKey, sameTimeOn, weekDays, weekTitle } from './week';

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

  it('keeps the time of day on another day, and writes lengths as a garage does', () => {
    const moved = sameTimeOn(new Date(2026, 10, 24, 9, 30).toISOString(), new Date(2026, 10, 26));
    expect([moved.getDate(), moved.getHours(), moved.getMinutes()]).toEqual([26, 9, 30]);
    expect(durationLabel(45)).toBe('45 min');
    expect(durationLabel(60)).toBe('1 h');
    expect(durationLabel(90)).toBe('1 h 30');
  });
});
