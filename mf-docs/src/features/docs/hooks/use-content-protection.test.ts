import { describe, expect, it } from 'vitest';
import { isPrintShortcut, isScreenshotShortcut } from './use-content-protection';

const key = (init: Partial<KeyboardEvent> & { key: string }) =>
  ({ ctrlKey: false, metaKey: false, shiftKey: false, target: document.body, ...init }) as KeyboardEvent;

describe('protection shortcuts', () => {
  it('knows the printing shortcuts, and lets a capital P be typed in a field', () => {
    expect(isPrintShortcut(key({ key: 'p', ctrlKey: true }))).toBe(true);
    expect(isPrintShortcut(key({ key: 'p', metaKey: true }))).toBe(true);
    expect(isPrintShortcut(key({ key: 'P', shiftKey: true }))).toBe(true);
    expect(isPrintShortcut(key({ key: 'P', shiftKey: true, target: document.createElement('input') }))).toBe(false);
    expect(isPrintShortcut(key({ key: 'o', ctrlKey: true }))).toBe(false);
  });

  it('knows the screenshot keys of Windows, macOS and the PrintScreen key', () => {
    expect(isScreenshotShortcut(key({ key: 'PrintScreen' }))).toBe(true);
    expect(isScreenshotShortcut(key({ key: '4', metaKey: true, shiftKey: true }))).toBe(true);
    expect(isScreenshotShortcut(key({ key: 'S', metaKey: true, shiftKey: true }))).toBe(true);
    expect(isScreenshotShortcut(key({ key: '4', metaKey: true }))).toBe(false);
    expect(isScreenshotShortcut(key({ key: 'a' }))).toBe(false);
  });
});
