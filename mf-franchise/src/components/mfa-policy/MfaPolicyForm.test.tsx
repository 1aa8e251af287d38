import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ROLE_LABELS, TWO_FACTOR_POLICY_SAVED } from 'contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/test-render';
import { MfaPolicyForm } from './MfaPolicyForm';
import { getMfaPolicy, saveMfaPolicy } from './mfa-policy-api';

vi.mock('./mfa-policy-api', () => ({ getMfaPolicy: vi.fn(), saveMfaPolicy: vi.fn() }));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(getMfaPolicy).mockResolvedValue({ companyId: 2, roles: [] });
});

describe('MfaPolicyForm', { timeout: 45_000 }, () => {
  it('saves the roles and shows the policy as the server answered it, without reading it again', async () => {
    // The answer is the policy as the server stored it (here one role more than ticked): the form shows that.
    vi.mocked(saveMfaPolicy).mockResolvedValue({ companyId: 2, roles: ['ROLE_POSEUR_ADMIN', 'ROLE_COMPTABLE'] });
    const onSaved = vi.fn();
    renderPage(<MfaPolicyForm companyId={2} onSaved={onSaved} />);
    fireEvent.click(await screen.findByLabelText(ROLE_LABELS.ROLE_COMPTABLE));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText(TWO_FACTOR_POLICY_SAVED)).toBeInTheDocument();
    expect(saveMfaPolicy).toHaveBeenCalledWith(2, { roles: ['ROLE_COMPTABLE'] });
    await waitFor(() => expect(screen.getByLabelText(ROLE_LABELS.ROLE_POSEUR_ADMIN)).toBeChecked());
    expect(screen.getByLabelText(ROLE_LABELS.ROLE_COMPTABLE)).toBeChecked();
    expect(onSaved).toHaveBeenCalled();
    expect(getMfaPolicy).toHaveBeenCalledTimes(1);
  });
});
