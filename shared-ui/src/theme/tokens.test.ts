import { describe, expect, it } from 'vitest';
import { themeConfig } from './tokens';

describe('themeConfig', () => {
  it('turns antd motion off for a user who asked for reduced motion, and keeps it otherwise', () => {
    expect(themeConfig('light', true).token?.motion).toBe(false);
    expect(themeConfig('dark', false).token?.motion).toBe(true);
  });
});
