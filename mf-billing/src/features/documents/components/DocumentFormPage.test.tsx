import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  BILLING_DOCUMENT_NOT_FOUND,
  type BillingDocument,
  CANNOT_CALCULATE_TOTAL,
  CESSION_REQUIRED_REFUSAL,
  DOCUMENT_NEEDS_LINES,
  documentTotals,
  INSURER_INVOICE_NEEDS_CESSION,
  MENTIONS_MISSING_REFUSAL,
} from 'contracts';
import { Route, Routes } from 'react-router-dom';
import { ApiError, formatCents, useSession } from 'shared-ui';
import { lyonClaims, renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDocument,
  getDocument,
  getFolder,
  invoiceFromQuote,
  issueDocument,
  updateDocument,
} from '../api/documents';
import { DocumentFormPage } from './DocumentFormPage';

vi.mock('../api/documents', () => ({
  getDocument: vi.fn(),
  createDocument: vi.fn(),
  updateDocument: vi.fn(),
  getSupplierOptions: vi.fn(async () => []),
  searchProducts: vi.fn(async () => []),
  getProductBrief: vi.fn(),
  documentPdfUrl: (id: number) => `/api/quotation/${id}/pdf`,
  invoiceStatementUrl: (id: number) => `/api/quotation/${id}/statement/pdf`,
  einvoiceUrl: (id: number, syntax: string) => `/api/quotation/${id}/einvoice?syntax=${syntax}`,
  issueDocument: vi.fn(),
  invoiceFromQuote: vi.fn(),
  getFolder: vi.fn(),
  // The mail dialog opens on its own loading state: what it reads is not this page's test.
  getDocumentMailDraft: vi.fn(() => new Promise(() => undefined)),
}));
// The real amounts function, watched: the form's totals must come from it.
vi.mock('contracts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('contracts')>();
  return { ...actual, documentTotals: vi.fn(actual.documentTotals) };
});

const claims = lyonClaims();

const line = (id: number, title: string, quantity: number, unitPrice: number, remise: number, taxRate: number) => ({
  id,
  position: id,
  title,
  productId: null,
  details: '',
  quantity,
  unitPrice,
  remise,
  taxRate,
  addToStock: false,
  unit: 'C62' as const,
  partOrigin: null,
  deductsDepositId: null,
  total: 0,
});

/** A tax-inclusive draft over three rates, one line discounted. */
const draft: BillingDocument = {
  id: 41,
  type: 'invoice',
  status: 'draft',
  number: null,
  companyId: 2,
  folderId: 7,
  folderNumber: 'D-000123',
  supplierId: null,
  billTo: 'customer',
  customer: {
    name: 'Léa Martin',
    address: '3 rue des Lilas',
    postalCode: '69003',
    city: 'Lyon',
    siren: '',
    vatNumber: '',
    email: '',
    isBusiness: false,
  },
  deliveryAddress: '',
  operationCategory: 'mixed',
  tax: 20,
  taxInclusive: true,
  saleDate: null,
  paymentTermDays: 30,
  paidAtIssue: null,
  issuedAt: null,
  dueDate: null,
  notes: '',
  buyerReference: '',
  exemptionReason: '',
  executionDelay: '',
  quoteFee: 0,
  vehicleMentions: null,
  lines: [
    line(1, 'Pare-brise', 2, 12_000, 10, 20),
    line(2, 'Pose', 1, 5_500, 0, 10),
    line(3, 'Kit de pose', 1, 1_000, 0, 5.5),
  ],
  preTaxAmount: 23_947,
  taxAmount: 4_152,
  totalAmount: 28_099,
  vatByRate: [],
  paidAmount: 0,
  creditedAmount: 0,
  creditReason: null,
  insurerMentions: null,
  deposit: false,
  insurerShare: null,
  splitPartner: null,
  sourceId: null,
  sourceNumber: null,
  derived: [],
  editable: true,
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
};

// Text queries read no-break spaces as spaces (accessible names keep them).
const shown = (euros: number) => formatCents(Math.round(euros * 100)).replace(/\s/g, ' ');

function renderPage(route: string) {
  renderWithProviders(
    <Routes>
      <Route path="/quotation/new/:type" element={<DocumentFormPage />} />
      <Route path="/quotation/show/:id" element={<DocumentFormPage />} />
    </Routes>,
    { route },
  );
}

const totals = () => within(screen.getByRole('group', { name: 'Totaux du document' }));

beforeEach(() => {
  vi.mocked(getDocument).mockReset().mockResolvedValue(draft);
  vi.mocked(updateDocument).mockReset();
  vi.mocked(issueDocument).mockReset();
  vi.mocked(createDocument).mockReset();
  vi.mocked(documentTotals).mockClear();
  useSession.setState({ claims });
});

describe('DocumentFormPage', () => {
  it('sends a credit note typed by URL to the invoice it must correct, with no form', async () => {
    renderPage('/quotation/new/credit-note?folderId=7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Un avoir se crée depuis la facture qu’il corrige' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir les factures' })).toHaveAttribute('href', '/quotation/list/invoice');
    expect(screen.queryByLabelText('Quantité de la ligne 1')).not.toBeInTheDocument();
  });

  it('totals what is typed with documentTotals: TTC prices, a discount, three rates, live', async () => {
    renderPage('/quotation/show/41');
    await screen.findByRole('heading', { level: 1, name: 'Facture (brouillon)' });
    // What was typed, TTC: 216 + 55 + 10 = 281,00 owed to the cent; 10 / 1,055 = 9,478… is 9,48 HT.
    expect(totals().getByText(shown(239.48))).toBeInTheDocument();
    expect(totals().getByText(`TVA 20 % sur ${shown(180)}`)).toBeInTheDocument();
    expect(totals().getByText(`TVA 5,5 % sur ${shown(9.48)}`)).toBeInTheDocument();
    expect(totals().getByText(shown(0.52))).toBeInTheDocument();
    expect(totals().getByText(shown(281))).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Quantité de la ligne 1'), { target: { value: '1' } });
    // 1 × 120 TTC − 10 % = 108 TTC = 90 HT: 149,48 HT, 23,52 VAT, 173,00 TTC.
    await waitFor(() => expect(totals().getByText(shown(173))).toBeInTheDocument());
    expect(vi.mocked(documentTotals)).toHaveBeenLastCalledWith(
      [
        { quantity: 1, unitPrice: 12_000, discount: 10, taxRate: 20 },
        { quantity: 1, unitPrice: 5_500, discount: 0, taxRate: 10 },
        { quantity: 1, unitPrice: 1_000, discount: 0, taxRate: 5.5 },
      ],
      true,
    );
    expect(screen.getAllByTestId('line-total').map((cell) => cell.textContent?.replace(/\s/g, ' '))).toEqual([
      shown(90),
      shown(50),
      shown(9.48),
    ]);
  });

  it('shows "cannot calculate total" for a price it cannot read, without crashing', async () => {
    renderPage('/quotation/show/41');
    const price = await screen.findByLabelText('Prix unitaire TTC de la ligne 2');
    fireEvent.change(price, { target: { value: '55,5x' } });
    expect(await screen.findByText(CANNOT_CALCULATE_TOTAL)).toBeInTheDocument();
  });

  it('saves with PUT; a refusal shows the server’s message and keeps what was typed', async () => {
    vi.mocked(updateDocument).mockRejectedValue(new ApiError(400, { message: DOCUMENT_NEEDS_LINES }));
    renderPage('/quotation/show/41');
    const title = await screen.findByLabelText('Libellé de la ligne 2');
    fireEvent.change(title, { target: { value: 'Pose et calibrage' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(DOCUMENT_NEEDS_LINES)).toBeInTheDocument();
    const [id, body] = vi.mocked(updateDocument).mock.calls[0] ?? [];
    expect(id).toBe(41);
    expect(body?.lines.map((sent) => [sent.position, sent.title, sent.quantity])).toEqual([
      [1, 'Pare-brise', '2'],
      [2, 'Pose et calibrage', '1'],
      [3, 'Kit de pose', '1'],
    ]);
    expect(body).toMatchObject({ folderId: 7, taxInclusive: true });
    expect(screen.getByLabelText('Libellé de la ligne 2')).toHaveValue('Pose et calibrage');
  });

  it('sends each line’s unit and part origin, the buyer’s reference, and asks why a 0 % line bears no VAT', async () => {
    vi.mocked(updateDocument).mockResolvedValue(undefined as never);
    renderPage('/quotation/show/41');
    await screen.findByLabelText('Libellé de la ligne 2');
    expect(screen.queryByLabelText('Motif d’exonération (lignes à 0 %)')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Référence de l’acheteur'), { target: { value: 'BC-118' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'TVA de la ligne 3' }));
    fireEvent.click(await screen.findByTitle('0 %'));
    const reason = await screen.findByLabelText('Motif d’exonération (lignes à 0 %)');
    fireEvent.change(reason, { target: { value: 'Débours' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Unité de la ligne 2' }));
    fireEvent.click(await screen.findByTitle('heure'));
    // Labour has no part origin: the choice leaves the hour line.
    await waitFor(() => expect(screen.queryByLabelText('Origine de la pièce de la ligne 2')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(updateDocument).toHaveBeenCalled());
    const [, body] = vi.mocked(updateDocument).mock.calls[0] ?? [];
    expect(body).toMatchObject({ buyerReference: 'BC-118', exemptionReason: 'Débours' });
    expect(body?.lines.map((sent) => [sent.unit, sent.partOrigin, sent.taxRate])).toEqual([
      ['C62', null, 20],
      ['HUR', null, 10],
      ['C62', null, 0],
    ]);
  });

  it('shows a credit note’s buyer as copied from its invoice, not editable', async () => {
    vi.mocked(getDocument).mockResolvedValue({
      ...draft,
      type: 'credit-note',
      sourceId: 40,
      sourceNumber: 'F-2026-00040',
    });
    renderPage('/quotation/show/41');
    await screen.findByLabelText('Libellé de la ligne 2');
    expect(await screen.findByText('Repris de la facture : non modifiable')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom')).toBeDisabled();
    expect(screen.getByLabelText('Adresse')).toBeDisabled();
  });

  it('creates a new document and opens it', async () => {
    vi.mocked(createDocument).mockResolvedValue({ id: 55 });
    renderPage('/quotation/new/quotation?folderId=7');
    fireEvent.change(await screen.findByLabelText('Libellé de la ligne 1'), { target: { value: 'Diagnostic' } });
    fireEvent.change(screen.getByLabelText('Prix unitaire HT de la ligne 1'), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(createDocument).toHaveBeenCalled());
    const [type, body] = vi.mocked(createDocument).mock.calls[0] ?? [];
    expect(type).toBe('quotation');
    expect(body).toMatchObject({ folderId: 7, customer: null, lines: [{ title: 'Diagnostic', preTaxAmount: '45' }] });
    await waitFor(() => expect(getDocument).toHaveBeenCalledWith(55));
  });

  it('asks a private customer to pay on receipt, a business 30 days, and keeps a term typed by hand', async () => {
    renderPage('/quotation/new/invoice');
    const term = await screen.findByLabelText('Délai de paiement (jours)');
    expect(term).toHaveValue('0');
    fireEvent.click(screen.getByLabelText('Professionnel'));
    await waitFor(() => expect(term).toHaveValue('30'));
    fireEvent.click(screen.getByLabelText('Professionnel'));
    await waitFor(() => expect(term).toHaveValue('0'));
    fireEvent.change(term, { target: { value: '45' } });
    fireEvent.click(screen.getByLabelText('Professionnel'));
    expect(screen.getByLabelText('Professionnel')).toBeChecked();
    expect(term).toHaveValue('45');
  });

  it('shows an issued invoice read-only, with what can still be done with it', async () => {
    vi.mocked(getDocument).mockResolvedValue({
      ...draft,
      status: 'partial',
      number: 'F-2026-00042',
      editable: false,
      issuedAt: '2026-03-03T09:00:00.000Z',
      paidAmount: 10_000,
      sourceId: 30,
      sourceNumber: 'D-2026-00012',
    });
    renderPage('/quotation/show/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Facture F-2026-00042' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Libellé de la ligne 1')).toBeNull();
    expect(screen.getByRole('button', { name: /Créer un avoir/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Enregistrer un paiement/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Télécharger le PDF/ })).toHaveAttribute('href', '/api/quotation/41/pdf');
    expect(screen.getByRole('link', { name: /Télécharger le PDF/ })).toHaveAttribute('download', 'F-2026-00042.pdf');
    // What was paid and credited since is a statement of its own, beside the invoice as issued.
    expect(screen.getByRole('link', { name: /Relevé de règlements/ })).toHaveAttribute(
      'href',
      '/api/quotation/41/statement/pdf',
    );
    expect(screen.queryByRole('button', { name: /Émettre|Supprimer/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'D-2026-00012' })).toHaveAttribute('href', '/quotation/show/30');
    // Its e-invoice, in either syntax a platform takes.
    fireEvent.click(screen.getByRole('button', { name: /Facture électronique/ }));
    expect(await screen.findByRole('link', { name: 'Facture électronique UBL (XML)' })).toHaveAttribute(
      'href',
      '/api/quotation/41/einvoice?syntax=ubl',
    );
    expect(screen.getByRole('link', { name: 'Facture électronique CII (XML)' })).toHaveAttribute(
      'download',
      'F-2026-00042-cii.xml',
    );
  });

  it('asks before issuing, and issues with what was typed in one call, showing the issued document it answers', async () => {
    vi.mocked(issueDocument).mockResolvedValue({ ...draft, status: 'issued', number: 'F-2026-00043', editable: false });
    renderPage('/quotation/show/41');
    fireEvent.change(await screen.findByLabelText('Libellé de la ligne 1'), { target: { value: 'Pare-brise teinté' } });
    expect(screen.queryByRole('link', { name: /Relevé de règlements/ })).toBeNull(); // a draft has no payments
    fireEvent.click(screen.getByRole('button', { name: 'Émettre' }));
    expect(await screen.findByText('Une fois émise, la facture ne pourra plus être modifiée')).toBeInTheDocument();
    expect(issueDocument).not.toHaveBeenCalled();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Émettre' }));
    await waitFor(() => expect(issueDocument).toHaveBeenCalledTimes(1));
    expect(vi.mocked(issueDocument).mock.calls[0]?.[1]?.draft?.lines[0]).toMatchObject({ title: 'Pare-brise teinté' });
    // The answer is the page: no save before, no read after, one message.
    expect(await screen.findByRole('heading', { level: 1, name: 'Facture F-2026-00043' })).toBeInTheDocument();
    expect(updateDocument).not.toHaveBeenCalled();
    expect(getDocument).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Document enregistré')).toBeNull();
  });

  it('issues an untouched draft without a body', async () => {
    vi.mocked(issueDocument).mockResolvedValue({ ...draft, status: 'issued', number: 'F-2026-00044', editable: false });
    renderPage('/quotation/show/41');
    fireEvent.click(await screen.findByRole('button', { name: 'Émettre' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Émettre' }));
    await waitFor(() => expect(issueDocument).toHaveBeenCalledWith(41, undefined));
  });

  it('issues an invoice paid at the desk « acquittée »: the means chosen in the same question goes with the issue', async () => {
    vi.mocked(issueDocument).mockResolvedValue({
      ...draft,
      status: 'paid',
      number: 'F-2026-00045',
      editable: false,
      paidAtIssue: 'card',
      paidAmount: draft.totalAmount,
    });
    renderPage('/quotation/show/41');
    fireEvent.click(await screen.findByRole('button', { name: 'Émettre' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Non, à régler plus tard' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Carte' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Émettre' }));
    await waitFor(() => expect(issueDocument).toHaveBeenCalledWith(41, { settle: { method: 'card' } }));
    expect(await screen.findByText('Facture émise acquittée : paiement enregistré')).toBeInTheDocument();
    expect(await screen.findByText('Acquittée à l’émission (carte)')).toBeInTheDocument();
  });

  it('marks the buyer’s address as what issuing an invoice asks, and a refused issue marks the fields it names', async () => {
    const unaddressed = { ...draft, customer: { ...draft.customer, address: '', postalCode: '', city: '' } };
    vi.mocked(getDocument).mockResolvedValue(unaddressed);
    vi.mocked(issueDocument).mockRejectedValue(
      new ApiError(409, {
        message:
          'Émission impossible, mentions obligatoires manquantes sur le document : l’adresse complète de l’acheteur. Rien n’a été émis.',
        refusal: MENTIONS_MISSING_REFUSAL,
        fields: ['customer.address', 'customer.postalCode', 'customer.city'],
      }),
    );
    renderPage('/quotation/show/41');
    const address = await screen.findByLabelText('Adresse');
    expect(address.closest('.ant-form-item')?.querySelector('.ant-form-item-required')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Émettre' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Émettre' }));
    expect(
      await screen.findByText('L’adresse est obligatoire pour émettre ce document (CGI art. 242 nonies A)'),
    ).toBeInTheDocument();
    expect(screen.getByText('Le code postal est obligatoire pour émettre ce document')).toBeInTheDocument();
    expect(screen.getByText('La ville est obligatoire pour émettre ce document')).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
  });

  it('proposes to issue a draft quote before mailing it: « Émettre et envoyer » issues without asking twice', async () => {
    const quote = { ...draft, type: 'quotation' as const };
    vi.mocked(getDocument).mockResolvedValue(quote);
    vi.mocked(issueDocument).mockResolvedValue({ ...quote, status: 'issued', number: 'D-2026-00007', editable: false });
    renderPage('/quotation/show/41');
    fireEvent.click(await screen.findByRole('button', { name: /Envoyer par e-mail/ }));
    const question = await screen.findByRole('dialog', { name: 'Émettre le devis avant de l’envoyer ?' });
    expect(within(question).getByRole('button', { name: 'Envoyer le brouillon' })).toBeInTheDocument();
    fireEvent.click(within(question).getByRole('button', { name: 'Émettre et envoyer' }));
    await waitFor(() => expect(issueDocument).toHaveBeenCalledWith(41, undefined));
    expect(screen.queryByText('Émettre ce document ?')).toBeNull();
    expect(await screen.findByText('Envoyer D-2026-00007 par e-mail')).toBeInTheDocument();
  });

  it('sends a draft quote as a draft when asked, without issuing it', async () => {
    vi.mocked(getDocument).mockResolvedValue({ ...draft, type: 'quotation' });
    renderPage('/quotation/show/41');
    fireEvent.click(await screen.findByRole('button', { name: /Envoyer par e-mail/ }));
    const question = await screen.findByRole('dialog', { name: 'Émettre le devis avant de l’envoyer ?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Envoyer le brouillon' }));
    // (Titles, not dialog names: antd's test ids give both dialogs one label while the first one closes.)
    expect(await screen.findByText('Envoyer le brouillon par e-mail')).toBeInTheDocument();
    expect(issueDocument).not.toHaveBeenCalled();
  });

  it('an insurer invoice without a signed cession: asks why in its own dialog, with no message besides', async () => {
    vi.mocked(issueDocument)
      .mockReset()
      .mockRejectedValue(
        new ApiError(409, { message: INSURER_INVOICE_NEEDS_CESSION, refusal: CESSION_REQUIRED_REFUSAL }),
      );
    renderPage('/quotation/show/41');
    fireEvent.click(await screen.findByRole('button', { name: 'Émettre' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Émettre' }));
    await waitFor(() => expect(issueDocument).toHaveBeenCalledWith(41, undefined));
    expect(await screen.findByText('Émettre sans cession de créance signée ?')).toBeInTheDocument();
    // Said once, in the dialog: the refusal was answered there, not in a passing message.
    expect(screen.getAllByText(INSURER_INVOICE_NEEDS_CESSION)).toHaveLength(1);
    // The page's button (the confirmation, portalled after it, may still be closing).
    expect(screen.getAllByRole('button', { name: 'Émettre' })[0]).not.toHaveClass('ant-btn-loading');
  });

  it('turns an issued quote into two invoices by the policy’s deductible (or the one typed), and lists both', async () => {
    const quote = {
      ...draft,
      type: 'quotation' as const,
      status: 'issued' as const,
      number: 'D-2026-00012',
      totalAmount: 28_099,
      editable: false,
    };
    vi.mocked(getDocument).mockImplementation(async (id) =>
      id === 41
        ? quote
        : { ...draft, id, billTo: id === 60 ? 'customer' : 'insurer', totalAmount: id === 60 ? 15_000 : 13_099 },
    );
    vi.mocked(getFolder).mockResolvedValue({
      insurer: 'MAIF',
      deductible: { amount: null, percent: 1_000, minimum: 15_000 },
    } as Awaited<ReturnType<typeof getFolder>>);
    vi.mocked(invoiceFromQuote).mockResolvedValue({ ids: [60, 61] });
    renderPage('/quotation/show/41');
    fireEvent.click(await screen.findByRole('button', { name: 'Transformer en facture' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('MAIF')).toBeInTheDocument();
    // 10 % of 280,99 € is under the policy's minimum: 150 €, filled in.
    expect(dialog.getByText(/franchise de 10 % des travaux, 150,00 € au minimum, soit 150,00/)).toBeInTheDocument();
    expect(dialog.getByLabelText('Franchise TTC (€)')).toHaveValue('150,00');
    fireEvent.change(dialog.getByLabelText('Franchise TTC (€)'), { target: { value: '150' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Créer la facture' }));
    expect(await screen.findByRole('link', { name: `Facture client : ${formatCents(15000)} TTC` })).toHaveAttribute(
      'href',
      '/quotation/show/60',
    );
    expect(screen.getByRole('link', { name: `Facture assureur : ${formatCents(13099)} TTC` })).toBeInTheDocument();
    expect(invoiceFromQuote).toHaveBeenCalledWith(41, { deductible: '150' });
  });

  it('says when the document does not exist', async () => {
    vi.mocked(getDocument).mockRejectedValue(new ApiError(404, { message: BILLING_DOCUMENT_NOT_FOUND }));
    renderPage('/quotation/show/999');
    expect(await screen.findByRole('heading', { level: 1, name: BILLING_DOCUMENT_NOT_FOUND })).toBeInTheDocument();
  });
});
