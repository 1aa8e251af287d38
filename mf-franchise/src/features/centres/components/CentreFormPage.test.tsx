import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CENTRE_CREATED, CENTRE_MESSAGES, POSTAL_CODE_INVALID, SIRET_INVALID, VAT_INVALID } from 'contracts';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createCentre } from '../api/centres';
import { CentreFormPage } from './CentreFormPage';

vi.mock('../api/centres', () => ({ centreFetcher: vi.fn(), createCentre: vi.fn() }));

const renderForm = () =>
  renderWithProviders(
    <Routes>
      <Route path="/franchise/:franchiseId/add_center" element={<CentreFormPage />} />
      <Route path="/franchise/:franchiseId/centers_list" element={<p>Liste des centres</p>} />
    </Routes>,
    { route: '/franchise/1/add_center' },
  );

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Créer le centre' }));

function fillValid() {
  type('Nom du centre', 'Vitrage Express Nantes');
  type('SIRET', '732 829 320 00074');
  type('N° de TVA', 'FR44732829320');
  type('Téléphone', '02 40 00 00 00');
  type('Prénom', 'Lucie');
  type('Nom', 'Bernard');
  type('E-mail', 'lucie.bernard@centre.garage.fr');
  type('Adresse', '12 rue de la Fosse');
  type('Code postal', '44000');
  type('Ville', 'Nantes');
}

beforeEach(() => {
  vi.mocked(createCentre).mockReset();
});

describe('CentreFormPage', () => {
  it('shows the two sections and each message of the spec on an empty submit', async () => {
    renderForm();
    expect(screen.getByText('Création du centre')).toBeInTheDocument();
    expect(screen.getByText('Création de l’administrateur du centre')).toBeInTheDocument();
    submit();
    for (const message of [
      CENTRE_MESSAGES.nameRequired,
      CENTRE_MESSAGES.emailRequired,
      CENTRE_MESSAGES.phoneRequired,
      CENTRE_MESSAGES.siretRequired,
      CENTRE_MESSAGES.tvaRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(createCentre).not.toHaveBeenCalled();
  });

  it('checks the e-mail, the SIRET key, the VAT number and the postal code', async () => {
    renderForm();
    fillValid();
    type('E-mail', 'pas-un-email');
    type('SIRET', '73282932000075');
    type('Code postal', '4400');
    submit();
    expect(await screen.findByText(CENTRE_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(await screen.findByText(SIRET_INVALID)).toBeInTheDocument();
    expect(await screen.findByText(POSTAL_CODE_INVALID)).toBeInTheDocument();
    type('Code postal', '44000');
    type('SIRET', '73282932000074');
    type('N° de TVA', 'FR45732829320');
    submit();
    expect(await screen.findByText(VAT_INVALID)).toBeInTheDocument();
    expect(createCentre).not.toHaveBeenCalled();
  });

  it('asks no password: the admin chooses it from the activation e-mail', () => {
    renderForm();
    expect(screen.queryByLabelText('Mot de passe')).toBeNull();
    expect(screen.getByText(/choisir lui-même son mot de passe/)).toBeInTheDocument();
  });

  it('sends the payload of the spec with the address, says the admin must activate, and goes back to the list', async () => {
    vi.mocked(createCentre).mockResolvedValue({ status: 'success' });
    renderForm();
    fillValid();
    submit();
    await waitFor(() => expect(createCentre).toHaveBeenCalledTimes(1));
    expect(createCentre).toHaveBeenCalledWith(1, {
      firstname: 'Lucie',
      name: 'Bernard',
      email: 'lucie.bernard@centre.garage.fr',
      agreeTerms: true,
      company: expect.objectContaining({
        name: 'Vitrage Express Nantes',
        siret: '732 829 320 00074',
        tvaNumber: 'FR44732829320',
        phone: '02 40 00 00 00',
        garageType: 'Fixe',
        address: '12 rue de la Fosse',
        postalCode: '44000',
        city: 'Nantes',
        franchiseId: 1,
      }),
    });
    expect(await screen.findByText(CENTRE_CREATED)).toBeInTheDocument();
    expect(await screen.findByText('Liste des centres')).toBeInTheDocument();
  });

  it('shows the server’s refusal in an error alert', async () => {
    vi.mocked(createCentre).mockRejectedValue(
      new ApiError(409, {
        message: 'Un compte existe déjà avec cet e-mail',
        detail: 'Un compte existe déjà avec cet e-mail',
      }),
    );
    renderForm();
    fillValid();
    submit();
    await waitFor(() => expect(createCentre).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Un compte existe déjà avec cet e-mail');
    // Said once, above the form (no passing message besides), and nothing typed is lost.
    expect(screen.getAllByText('Un compte existe déjà avec cet e-mail')).toHaveLength(1);
    expect(screen.getByLabelText('E-mail', { exact: true })).toHaveValue('lucie.bernard@centre.garage.fr');
    await waitFor(() => expect(screen.getByLabelText('Nom du centre', { exact: true })).toBeEnabled());
    expect(screen.queryByText(CENTRE_CREATED)).toBeNull();
  });
});
