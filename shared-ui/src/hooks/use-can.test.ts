import { act, renderHook } from '@testing-library/react';
import type { DisplayTokenClaims } from 'contracts';
import { afterEach, expect, it } from 'vitest';
import { useSession } from '../runtime/session-store';
import { useCan } from './use-can';

const signIn = (roles: string[]) =>
  act(() => useSession.setState({ claims: { roles } as unknown as DisplayTokenClaims }));

afterEach(() => act(() => useSession.setState({ claims: null })));

it('answers from the permission table with the session’s roles, and follows a change of session', () => {
  signIn(['ROLE_POSEUR']);
  const { result, rerender } = renderHook(() => ({ edit: useCan('folderEdit'), check: useCan() }));
  expect(result.current.edit).toBe(false);
  expect(result.current.check('fitterSteps')).toBe(true);
  signIn(['ROLE_POSEUR_ADMIN']);
  rerender();
  expect(result.current.edit).toBe(true);
});

it('refuses everything without a session', () => {
  const { result } = renderHook(() => useCan('folderEdit'));
  expect(result.current).toBe(false);
});
