import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type FolderSmsList, folderApiPaths, SMS_EMPTY_MESSAGE } from 'contracts';
import { useInvalidate } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getFolderSms, sendFolderSms } from '../api/folder-sms';
import { FolderSmsCard } from './FolderSmsCard';

vi.mock('../api/folder-sms', () => ({ getFolderSms: vi.fn(), sendFolderSms: vi.fn() }));
const list = vi.mocked(getFolderSms);
const send = vi.mocked(sendFolderSms);

const CARD: FolderSmsList = {
  mobile: true,
  optedOut: false,
  templates: [
    { id: 3, subject: 'Véhicule prêt', purpose: 'vehicle_ready', text: 'Votre véhicule AB-123-CD est prêt.' },
    { id: 4, subject: 'Devis', purpose: null, text: 'Votre devis est prêt' },
  ],
  items: [
    {
      id: 10,
      purpose: 'appointment_reminder',
      to: '06 •• •• •• 44',
      text: 'Rappel : RDV demain à 14h30',
      segments: 1,
      status: 'scheduled',
      dueAt: '2026-11-27T09:00:00.000Z',
      sentAt: null,
      error: null,
      createdAt: '2026-11-25T10:00:00.000Z',
    },
  ],
};

/** The card as the folder page shows it: told an SMS left, the page reads every read of the folder again. */
function OnFolderPage() {
  const invalidate = useInvalidate();
  return <FolderSmsCard folderId={5} mayWrite onSent={() => void invalidate(...folderApiPaths(5))} />;
}

describe('FolderSmsCard', () => {
  beforeEach(() => {
    list.mockReset();
    send.mockReset();
  });

  it('lists the folder’s SMS with their status and when they leave', async () => {
    list.mockResolvedValue(CARD);
    renderWithProviders(<FolderSmsCard folderId={5} mayWrite onSent={vi.fn()} />);
    const row = await screen.findByTestId('folder-sms');
    expect(row).toHaveAttribute('data-status', 'scheduled');
    expect(within(row).getByText('Rappel la veille du rendez-vous')).toBeInTheDocument();
    expect(within(row).getByText('Programmé')).toBeInTheDocument();
    // The browser's clock says the hour (Paris for a French garage; the test machine's zone here).
    expect(row).toHaveTextContent(/06 •• •• •• 44 · 1 SMS · part le 27\/11\/2026 \d\d:00/);
  });

  it('« Prévenir : véhicule prêt » opens the template’s text, counted as Unicode, and sends it with its template', async () => {
    list.mockResolvedValue(CARD);
    send.mockResolvedValue({ id: 11 });
    const onSent = vi.fn();
    renderWithProviders(<FolderSmsCard folderId={5} mayWrite onSent={onSent} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Prévenir : véhicule prêt' }));
    const text = await screen.findByRole('textbox', { name: 'Texte du SMS' });
    expect(text).toHaveValue('Votre véhicule AB-123-CD est prêt.');
    // Form.useWatch follows the field one render after its value is set.
    await waitFor(() => expect(screen.getByTestId('sms-count')).toHaveTextContent('34 caractères · 1 SMS (Unicode'));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(5, { text: 'Votre véhicule AB-123-CD est prêt.', templateId: 3 }),
    );
    await waitFor(() => expect(onSent).toHaveBeenCalled());
  });

  it('an SMS sent shows in the list: the folder page’s refresh reads it again', async () => {
    list.mockResolvedValue(CARD);
    send.mockResolvedValue({ id: 11 });
    renderWithProviders(<OnFolderPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer un SMS' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Texte du SMS' }), {
      target: { value: 'Votre pare-brise arrive demain' },
    });
    const written = {
      ...CARD.items[0],
      id: 11,
      purpose: 'manual',
      text: 'Votre pare-brise arrive demain',
      status: 'pending',
      dueAt: null,
    } as FolderSmsList['items'][number];
    list.mockResolvedValue({ ...CARD, items: [written, ...CARD.items] });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith(5, { text: 'Votre pare-brise arrive demain' }));
    await waitFor(() => expect(screen.getAllByTestId('folder-sms')).toHaveLength(2));
    expect(screen.getByText('SMS écrit depuis le dossier')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('finds a template by typing its name, accents aside, and takes its text', async () => {
    list.mockResolvedValue(CARD);
    renderWithProviders(<FolderSmsCard folderId={5} mayWrite onSent={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer un SMS' }));
    const picker = await screen.findByRole('combobox', { name: 'Modèle' });
    fireEvent.change(picker, { target: { value: 'vehicule' } });
    await screen.findByRole('option', { name: /Véhicule prêt/ });
    expect(screen.queryByRole('option', { name: 'Devis' })).toBeNull();
    const shown = document.querySelector('.ant-select-item-option') as HTMLElement;
    expect(shown).toHaveTextContent('Véhicule prêt');
    fireEvent.click(shown);
    expect(await screen.findByDisplayValue('Votre véhicule AB-123-CD est prêt.')).toBeInTheDocument();
  });

  it('refuses an empty SMS in French without calling the server', async () => {
    list.mockResolvedValue(CARD);
    renderWithProviders(<FolderSmsCard folderId={5} mayWrite onSent={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer un SMS' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText(SMS_EMPTY_MESSAGE)).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('says why no SMS can be written: no French mobile, or the customer replied STOP', async () => {
    list.mockResolvedValue({ ...CARD, mobile: false, items: [] });
    const { unmount } = renderWithProviders(<FolderSmsCard folderId={5} mayWrite onSent={vi.fn()} />);
    expect(await screen.findByText(/Pas de numéro de mobile français/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer un SMS' })).toBeDisabled();
    expect(screen.getByText('Aucun SMS pour ce dossier')).toBeInTheDocument();
    unmount();
    list.mockResolvedValue({ ...CARD, optedOut: true });
    renderWithProviders(<FolderSmsCard folderId={5} mayWrite onSent={vi.fn()} />);
    expect(await screen.findByText(/a répondu STOP/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prévenir : véhicule prêt' })).toBeDisabled();
  });
});
