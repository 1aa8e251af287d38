import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { useTheme } from '../../theme/theme-store';
import { ThemeSwitch } from './ThemeSwitch';

afterEach(() => act(() => useTheme.getState().setMode('light')));

describe('ThemeSwitch', () => {
  it('toggles dark mode and remembers it per user', () => {
    act(() => useTheme.getState().loadUserMode('garage@example.fr'));
    renderWithProviders(<ThemeSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Mode sombre' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(toggle);
    expect(useTheme.getState().mode).toBe('dark');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(localStorage.getItem('garage.theme.garage@example.fr')).toBe('dark');
  });
});
