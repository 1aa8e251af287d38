import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type BillingDocument, DOCUMENT_MAIL_TO_INVALID, type DocumentMailDraft } from 'contracts';
import { formatDateTime } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getDocumentMailDraft, getDocumentMails, sendDocumentMail } from '../api/documents';
import { DOCUMENT_MAIL_QUEUED, DocumentMailModal } from './DocumentMailModal';
import { DocumentMails } from './DocumentMails';

// The three calls of the feature (draft, send, list of sendings).
vi.mock('../api/documents', () => ({
  getDocumentMailDraft: vi.fn(),
  sendDocumentMail: vi.fn(),
  getDocumentMails: vi.fn(),
}));

const invoice = { id: 41, number: 'F-2026-00041', status: 'issued', type: 'invoice' } as BillingDocument;
const DRAFT: DocumentMailDraft = {
  to: 'camille.martin@example.fr',
  subject: 'Facture F-2026-00041 — Vitrage Express Lyon',
  body: 'Bonjour Camille Martin,\n\nVeuillez trouver ci-joint la facture F-2026-00041.',
  garageEmail: 'contact@vitrage-express.fr',
};

function open(draft = DRAFT) {
  vi.mocked(getDocumentMailDraft).mockResolvedValue(draft);
  const onClose = vi.fn();
  const { queryClient } = renderWithProviders(<DocumentMailModal document={invoice} onClose={onClose} />);
  // A sending makes the document's reads (its « Envois par e-mail ») stale.
  const onSent = vi.spyOn(queryClient, 'invalidateQueries');
  return { onClose, onSent };
}

beforeEach(() => {
  vi.mocked(sendDocumentMail).mockReset().mockResolvedValue({ id: 9 });
});

describe('DocumentMailModal', () => {
  it('starts from the server’s draft and queues the mail as edited, with the garage’s copy', async () => {
    const { onClose, onSent } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer F-2026-00041 par e-mail' });
    expect(await within(dialog).findByLabelText('Destinataire')).toHaveValue(DRAFT.to);
    expect(within(dialog).getByLabelText('Objet')).toHaveValue(DRAFT.subject);
    expect(within(dialog).getByText(/F-2026-00041\.pdf, le document tel qu’émis/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Objet'), { target: { value: 'Votre facture' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Copie au garage \(contact@vitrage-express\.fr\)/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() =>
      expect(sendDocumentMail).toHaveBeenCalledWith(41, {
        to: DRAFT.to,
        copyToGarage: true,
        subject: 'Votre facture',
        body: DRAFT.body,
      }),
    );
    expect(await screen.findByText(DOCUMENT_MAIL_QUEUED)).toBeInTheDocument();
    expect(onSent).toHaveBeenCalledWith({ queryKey: ['quotation', 41] });
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses a wrong address in French and sends nothing; no copy without the garage’s address', async () => {
    open({ ...DRAFT, garageEmail: null });
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer F-2026-00041 par e-mail' });
    fireEvent.change(await within(dialog).findByLabelText('Destinataire'), { target: { value: 'camille@' } });
    expect(within(dialog).getByRole('checkbox', { name: /aucune adresse dans « Ma société »/ })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText(DOCUMENT_MAIL_TO_INVALID)).toBeInTheDocument();
    expect(sendDocumentMail).not.toHaveBeenCalled();
  });
});

describe('DocumentMails', () => {
  it('shows each sending with its outcome (a retry and its time, no server, given up, sent), the refusal’s reason included', async () => {
    vi.mocked(getDocumentMails).mockResolvedValue([
      {
        id: 2,
        to: 'camille.martin@example.fr',
        cc: null,
        subject: 'Relance',
        createdAt: '2026-11-24T10:00:00Z',
        sentAt: null,
        attempts: 2,
        lastError: '550 Boîte inconnue',
        nextAttemptAt: '2026-11-24T13:32:00Z',
        status: 'retrying',
      },
      {
        id: 4,
        to: 'camille.martin@example.fr',
        cc: null,
        subject: 'Devis du jour',
        createdAt: '2026-11-24T11:00:00Z',
        sentAt: null,
        attempts: 0,
        lastError: null,
        nextAttemptAt: null,
        status: 'no_server',
      },
      {
        id: 3,
        to: 'ancienne@example.fr',
        cc: null,
        subject: 'Devis',
        createdAt: '2026-11-22T10:00:00Z',
        sentAt: null,
        attempts: 8,
        lastError: '550 Boîte supprimée',
        nextAttemptAt: null,
        status: 'failed',
      },
      {
        id: 1,
        to: 'camille.martin@example.fr',
        cc: 'contact@vitrage-express.fr',
        subject: 'Votre facture',
        createdAt: '2026-11-23T09:00:00Z',
        sentAt: '2026-11-23T09:00:05Z',
        attempts: 1,
        lastError: null,
        nextAttemptAt: null,
        status: 'sent',
      },
    ]);
    renderWithProviders(<DocumentMails documentId={41} />);
    const rows = await screen.findAllByTestId('document-mail');
    // The next attempt at its time, as the browser's clock reads it.
    expect(rows[0]).toHaveTextContent(`Refusé, nouvel essai à ${formatDateTime('2026-11-24T13:32:00Z')}`);
    expect(rows[0]).toHaveTextContent('Refusé par le serveur : 550 Boîte inconnue (2 tentatives)');
    expect(rows[1]).toHaveTextContent('Aucun serveur d’envoi configuré : le message attend dans la file d’envoi');
    expect(rows[2]).toHaveTextContent('Non envoyé : abandonné après plusieurs essais');
    expect(rows[2]).toHaveTextContent('550 Boîte supprimée (8 tentatives)');
    expect(rows[3]).toHaveTextContent('Envoyé');
    expect(rows[3]).toHaveTextContent('copie contact@vitrage-express.fr');
  });
});
