import { fireEvent, screen } from '@testing-library/react';
import { GARAGE_ADMIN_PICK_GARAGE, PHONE_MESSAGE, TECHNICIAN_NOT_FOUND, TECHNICIAN_SAVED } from 'contracts';
import { ApiError, useSession } from 'shared-ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims, renderPage } from '../../../test/test-render';
import { getTechnicianForm, saveTechnician } from '../api/technicians';
import { TechnicianFormPage } from './TechnicianFormPage';

vi.mock('../api/technicians', async (original) => ({
  ...(await original<typeof import('../api/technicians')>()),
  getTechnicianForm: vi.fn(),
  saveTechnician: vi.fn(),
  technicianFetcher: vi.fn(),
}));

const fitter = {
  id: 5,
  name: 'Yanis Caron',
  phone: '0612345678',
  email: null,
  mobile: true,
  color: '#ff8800',
  skills: ['Pare-brise'],
  active: true,
  userId: null,
  userName: null,
  companyName: 'Vitrage Express Lyon',
};

beforeEach(() => {
  vi.clearAllMocks();
  useSession.setState({ claims: adminClaims(2) });
  vi.mocked(getTechnicianForm).mockResolvedValue({ technician: null, accounts: [{ id: 4, name: 'Karim Benali' }] });
  vi.mocked(saveTechnician).mockResolvedValue(fitter);
});

const open = (id: number) => renderPage(<TechnicianFormPage />, `/technician/new/${id}`, '/technician/new/:id');

describe('TechnicianFormPage', { timeout: 45_000 }, () => {
  it('creates a fitter: name required, 10-digit phone, colour, then back to the list', async () => {
    open(0);
    const name = await screen.findByLabelText('Nom');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le nom du poseur est obligatoire')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Yanis Caron' } });
    fireEvent.change(screen.getByLabelText('Téléphone'), { target: { value: '06 12' } });
    expect(await screen.findByText(PHONE_MESSAGE)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Téléphone'), { target: { value: '0612345678' } });
    fireEvent.change(screen.getByLabelText('Couleur dans le calendrier'), { target: { value: '#ff8800' } });
    fireEvent.click(screen.getByLabelText('Mobile'));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(TECHNICIAN_SAVED)).toBeInTheDocument();
    expect(saveTechnician).toHaveBeenCalledWith(
      0,
      expect.objectContaining({ name: 'Yanis Caron', phone: '0612345678', color: '#ff8800', mobile: true, skills: [] }),
    );
    expect(await screen.findByText('Autre page')).toBeInTheDocument();
  });

  it('shows an existing fitter, and "not found" for another garage’s', async () => {
    vi.mocked(getTechnicianForm).mockResolvedValue({ technician: fitter, accounts: [] });
    open(5);
    expect(await screen.findByLabelText('Nom')).toHaveValue('Yanis Caron');
    expect(screen.getByText('Pare-brise')).toBeInTheDocument();
    expect(screen.getByText('Aucun compte « Poseur » dans ce garage')).toBeInTheDocument();
  });

  it('answers 404 with "Poseur introuvable"; under TOUT a new fitter asks to pick a garage', async () => {
    vi.mocked(getTechnicianForm).mockRejectedValue(new ApiError(404, { message: TECHNICIAN_NOT_FOUND }));
    const { unmount } = open(99);
    expect(await screen.findByText(TECHNICIAN_NOT_FOUND)).toBeInTheDocument();
    unmount();
    useSession.setState({ claims: adminClaims(0) });
    open(0);
    expect(screen.getByText(GARAGE_ADMIN_PICK_GARAGE)).toBeInTheDocument();
  });
});
