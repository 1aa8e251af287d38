import { describe, expect, it } from 'vitest';
import { findPage, isSignedOutPath, matchPath, PAGES } from './pages';

describe('route table', () => {
  it('matches parameters and prefers literal paths', () => {
    expect(matchPath('/folder/show/:id', '/folder/show/42')).toEqual({ id: '42' });
    expect(matchPath('/folder/show/:id', '/folder/show')).toBeNull();
    expect(findPage('/message_template/mail/list')?.title).toBe('Modèles mail');
    expect(findPage('/message_template/12/edit')?.title).toBe('Modifier le modèle');
    expect(findPage('/nope')).toBeUndefined();
  });

  it('gives every menu path a page', async () => {
    const { menuFor } = await import('./navigation');
    const { main, more } = menuFor({ roles: ['ROLE_SUPER_ADMIN'], isReferent: false }, 'default');
    const flat = [...main, ...more].flatMap((e) => [e.href, ...(e.children ?? []).map((c) => c.href)]);
    for (const href of flat) expect(findPage(href), href).toBeDefined();
  });

  it('knows the pages a signed-out visitor uses, the links e-mailed included', () => {
    expect(isSignedOutPath('/activate/abc')).toBe(true);
    expect(isSignedOutPath('/reset-password/abc')).toBe(true);
    expect(isSignedOutPath('/login')).toBe(true);
    expect(isSignedOutPath('/users')).toBe(false);
    expect(isSignedOutPath('/activate')).toBe(false);
  });

  it('has no duplicate paths', () => {
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length);
  });
});
