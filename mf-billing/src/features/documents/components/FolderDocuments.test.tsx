import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DisplayTokenClaims, DocumentRow } from 'contracts';
import { ApiError, apiKey, useSession } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getFolderDocuments, uploadOwnInvoice } from '../api/documents';
import FolderDocuments, { FOLDER_DOCUMENTS_EMPTY, OWN_INVOICE_SAVED } from './FolderDocuments';

vi.mock('../api/documents', () => ({ getFolderDocuments: vi.fn(), uploadOwnInvoice: vi.fn() }));
const load = vi.mocked(getFolderDocuments);
const upload = vi.mocked(uploadOwnInvoice);

const claims = (roles: string[], companyId = 2): DisplayTokenClaims => ({
  name: 'Julien Moreau',
  email: 'poseur.admin@demo.garage.fr',
  roles,
  companyId,
  franchiseId: 1,
  companies: [{ id: 2, name: 'Vitrage Express Lyon', roles }],
  jeton: 10,
  isReferent: false,
});

const quote: DocumentRow = {
  id: 31,
  type: 'quotation',
  number: null,
  createdAt: '2026-03-02T09:00:00.000Z',
  issuedAt: null,
  customer: 'Léa Martin',
  dueDate: null,
  platformStatus: null,
  platformLabel: '',
  folderId: 7,
  folder: 'D-000123',
  preTaxAmount: 45_000,
  totalAmount: 54_000,
  paidAmount: 0,
  creditedAmount: 0,
  billTo: 'customer',
  status: 'draft',
};

beforeEach(() => {
  load.mockReset();
  useSession.setState({ claims: claims(['ROLE_POSEUR_ADMIN']) });
});

describe('FolderDocuments', () => {
  it('says when the folder has no document, and offers a quote and an invoice for this folder', async () => {
    load.mockResolvedValue([]);
    renderWithProviders(<FolderDocuments folderId={7} companyId={2} />);
    expect(await screen.findByText(FOLDER_DOCUMENTS_EMPTY)).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(7);
    expect(screen.getByRole('button', { name: /Nouveau devis/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Nouvelle facture/ })).toBeEnabled();
  });

  it('reads again when this folder’s reads are invalidated, whichever app changed it, not for another folder', async () => {
    load.mockResolvedValue([]);
    const { queryClient } = renderWithProviders(<FolderDocuments folderId={7} companyId={2} />);
    await screen.findByText(FOLDER_DOCUMENTS_EMPTY);

    load.mockResolvedValue([quote]);
    await act(() => queryClient.invalidateQueries({ queryKey: apiKey('api/folder/8') }));
    expect(load).toHaveBeenCalledTimes(1);
    await act(() => queryClient.invalidateQueries({ queryKey: apiKey('api/folder/7') }));
    const link = await screen.findByRole('link', { name: 'Devis Brouillon' });
    expect(link).toHaveAttribute('href', '/quotation/show/31');
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Brouillon', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.queryByText(FOLDER_DOCUMENTS_EMPTY)).toBeNull();
  });

  it('creates nothing while another garage is selected, nor what the user may not write', async () => {
    load.mockResolvedValue([]);
    useSession.setState({ claims: claims(['ROLE_COMPTABLE'], 0) });
    renderWithProviders(<FolderDocuments folderId={7} companyId={2} />);
    await screen.findByText(FOLDER_DOCUMENTS_EMPTY);
    expect(screen.queryByRole('button', { name: /Nouveau devis/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Nouvelle facture/ })).toBeDisabled();
  });

  it('adds the garage’s own invoice to the folder’s documents and refreshes the folder’s reads', async () => {
    load.mockResolvedValue([]);
    upload.mockResolvedValue({} as never);
    const { queryClient } = renderWithProviders(<FolderDocuments folderId={7} companyId={2} />);
    const announced = vi.spyOn(queryClient, 'invalidateQueries');
    await screen.findByText(FOLDER_DOCUMENTS_EMPTY);
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter ma propre facture' }));
    fireEvent.change(await screen.findByLabelText('Numéro de facture'), { target: { value: 'EXT-42' } });
    fireEvent.change(screen.getByLabelText('Montant de la facture (€)'), { target: { value: '320' } });
    const input = document.querySelector('input.addFiles') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File(['%PDF'], 'facture.pdf')], configurable: true });
    fireEvent.change(input);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(announced).toHaveBeenCalledWith({ queryKey: apiKey('api/folder/7') }));
    // The list itself is one of them: read again.
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    const [folderId, body] = upload.mock.calls[0] ?? [];
    expect(folderId).toBe(7);
    expect((body as FormData).get('typeFile')).toBe('Facture');
    expect((body as FormData).get('numberInvoice')).toBe('EXT-42');
    expect(await screen.findByText(OWN_INVOICE_SAVED)).toBeInTheDocument();
  });

  it('shows the server’s refusal of the invoice and keeps what was typed in the modal', async () => {
    load.mockResolvedValue([]);
    upload.mockReset().mockRejectedValue(new ApiError(400, { message: 'Ce fichier n’est pas un PDF' }));
    const { queryClient } = renderWithProviders(<FolderDocuments folderId={7} companyId={2} />);
    const announced = vi.spyOn(queryClient, 'invalidateQueries');
    await screen.findByText(FOLDER_DOCUMENTS_EMPTY);
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter ma propre facture' }));
    fireEvent.change(await screen.findByLabelText('Numéro de facture'), { target: { value: 'EXT-43' } });
    fireEvent.change(screen.getByLabelText('Montant de la facture (€)'), { target: { value: '320' } });
    const input = document.querySelector('input.addFiles') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File(['%PDF'], 'facture.pdf')], configurable: true });
    fireEvent.change(input);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce fichier n’est pas un PDF')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText('Numéro de facture')).toHaveValue('EXT-43');
    expect(announced).not.toHaveBeenCalled();
    expect(screen.queryByText(OWN_INVOICE_SAVED)).toBeNull();
  });
});
