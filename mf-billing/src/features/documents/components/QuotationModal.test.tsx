import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type DisplayTokenClaims, DOCUMENT_PICK_GARAGE, type DocumentLineBody } from 'contracts';
import { Route, Routes } from 'react-router-dom';
import { formatCents, useSession } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDocument } from '../api/documents';
import QuotationModal, { lineValuesOf, QUOTATION_SAVED_TITLE } from './QuotationModal';

vi.mock('../api/documents', () => ({
  createDocument: vi.fn(),
  getSupplierOptions: vi.fn(async () => []),
  searchProducts: vi.fn(async () => []),
  getProductBrief: vi.fn(),
}));

const claims = (companyId = 2, roles = ['ROLE_POSEUR_ADMIN']): DisplayTokenClaims => ({
  name: 'Julien Moreau',
  email: 'poseur.admin@demo.garage.fr',
  roles,
  companyId,
  franchiseId: 1,
  companies: [{ id: 2, name: 'Vitrage Express Lyon', roles }],
  jeton: 10,
  isReferent: false,
});

/** What the Sidexa search hands over: a windscreen, its labour at 58,50 €/h and the bonding kit. */
const lines: DocumentLineBody[] = [
  { title: 'Pare-brise', details: '7260AGSMVZ', quantity: 1, preTaxAmount: '412,30', position: 1, taxRate: 20 },
  { title: 'Main d’œuvre pare-brise', details: '', quantity: 1.5, preTaxAmount: '58,50', position: 2, taxRate: 20 },
  { title: 'Kit de collage', details: 'KIT-PU', quantity: 1, preTaxAmount: '24,90', position: 3, taxRate: 20 },
];
const shown = (euros: number) => formatCents(Math.round(euros * 100)).replace(/\s/g, ' ');

function renderModal(props: Partial<Parameters<typeof QuotationModal>[0]> = {}) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderWithProviders(
    <Routes>
      <Route
        path="/"
        element={<QuotationModal folderId={7} lines={lines} onClose={onClose} onSaved={onSaved} {...props} />}
      />
      <Route path="/quotation/show/:id" element={<p>Page du devis</p>} />
    </Routes>,
  );
  return { onClose, onSaved };
}

beforeEach(() => {
  vi.mocked(createDocument).mockReset();
  useSession.setState({ claims: claims() });
});

describe('QuotationModal', () => {
  it('opens the document form of a new quote with the lines prefilled, totals included', async () => {
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau devis' });
    expect(within(dialog).getByLabelText('Libellé de la ligne 1')).toHaveValue('Pare-brise');
    expect(within(dialog).getByLabelText('Détails de la ligne 1')).toHaveValue('7260AGSMVZ');
    expect(within(dialog).getByLabelText('Prix unitaire HT de la ligne 1')).toHaveValue('412,30');
    expect(within(dialog).getByLabelText('Quantité de la ligne 2')).toHaveValue('1,5');
    expect(within(dialog).getByLabelText('Prix unitaire HT de la ligne 2')).toHaveValue('58,50');
    expect(within(dialog).getByLabelText('Libellé de la ligne 3')).toHaveValue('Kit de collage');
    // 412,30 + 1,5 × 58,50 + 24,90 = 524,95 HT.
    expect(within(screen.getByRole('group', { name: 'Totaux du document' })).getByText(shown(524.95))).toBeTruthy();
    // The first test loads the document form and antd's inputs cold: seconds on a busy machine.
  }, 40_000);

  it('creates the quote of the folder, reports its id and offers to open it', async () => {
    vi.mocked(createDocument).mockResolvedValue({ id: 55 });
    const { onSaved, onClose } = renderModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(55));
    const [type, body] = vi.mocked(createDocument).mock.calls[0] ?? [];
    expect(type).toBe('quotation');
    expect(body).toMatchObject({ folderId: 7 });
    expect(body?.lines.map((line) => [line.position, line.title, line.quantity, line.preTaxAmount])).toEqual([
      [1, 'Pare-brise', '1', '412,30'],
      [2, 'Main d’œuvre pare-brise', '1.5', '58,50'],
      [3, 'Kit de collage', '1', '24,90'],
    ]);
    expect(await screen.findByText(QUOTATION_SAVED_TITLE)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir le devis' }));
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('Page du devis')).toBeInTheDocument();
  });

  it('closes with "Annuler" without saving', async () => {
    const { onClose } = renderModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler' }));
    expect(onClose).toHaveBeenCalled();
    expect(createDocument).not.toHaveBeenCalled();
  });

  it('asks for a garage when TOUT is selected', async () => {
    useSession.setState({ claims: claims(0) });
    renderModal();
    expect(await screen.findByText(DOCUMENT_PICK_GARAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });

  it('reads a body line as the form types it', () => {
    expect(lineValuesOf({ title: 'Pose', quantity: 2.5, preTaxAmount: 60, position: 4 }, 0)).toEqual({
      position: 1,
      title: 'Pose',
      productId: null,
      quantity: '2,5',
      unitPrice: '60',
      remise: '0',
      details: '',
      addToStock: false,
      taxRate: 20,
      unit: 'C62',
      partOrigin: null,
    });
    expect(lineValuesOf({ title: 'Pose', quantity: 1, preTaxAmount: 60, position: 1, unit: 'HUR' }, 0).unit).toBe(
      'HUR',
    );
  });
});
