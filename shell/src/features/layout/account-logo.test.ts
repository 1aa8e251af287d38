import { describe, expect, it } from 'vitest';
import { accountLogo } from './account-logo';

describe('account drawer logo', () => {
  it("prefers the franchise's logo when the user belongs to a franchise", () => {
    expect(accountLogo({ franchiseId: 3, franchiseLogoUrl: '/f.png', companyLogoUrl: '/c.png' })).toBe('/f.png');
  });

  it("falls back to the company's logo, then to the garage picture", () => {
    expect(accountLogo({ franchiseId: null, franchiseLogoUrl: '/f.png', companyLogoUrl: '/c.png' })).toBe('/c.png');
    expect(accountLogo({ franchiseId: 3, franchiseLogoUrl: null, companyLogoUrl: null })).toMatch(
      /garage-default|svg|data:/,
    );
  });
});
