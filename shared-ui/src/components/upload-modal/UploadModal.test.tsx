import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { UploadModal } from './UploadModal';

function choose(file: File) {
  const input = document.querySelector('input.addFiles') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

describe('UploadModal', () => {
  it('invoice mode: fixed type, number, price and file required', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<UploadModal open mode="invoice" onCancel={() => {}} onSubmit={onSubmit} />);
    expect(screen.getByText('Ajouter ma propre facture')).toBeInTheDocument();
    expect(screen.queryByLabelText('Type de document')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le numéro de facture est obligatoire')).toBeInTheDocument();
    expect(screen.getByText('Le montant de la facture est obligatoire')).toBeInTheDocument();
    expect(screen.getByText('Le fichier est obligatoire')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('invoice mode: sends the multipart fields', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<UploadModal open mode="invoice" onCancel={() => {}} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Nom du document'), { target: { value: 'Facture MAAF' } });
    fireEvent.change(screen.getByLabelText('Numéro de facture'), { target: { value: 'F-2024-0142' } });
    fireEvent.change(screen.getByLabelText('Montant de la facture (€)'), { target: { value: '450,5' } });
    choose(new File(['%PDF'], 'facture.pdf', { type: 'application/pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = onSubmit.mock.calls[0]?.[0] as FormData;
    expect(body.get('nameFileDoc')).toBe('Facture MAAF');
    expect(body.get('typeFile')).toBe('Facture');
    expect(body.get('numberInvoice')).toBe('F-2024-0142');
    expect(body.get('priceInvoice')).toBe('450.5');
    expect((body.get('files') as File).name).toBe('facture.pdf');
  });

  it('keeps what was typed when the save answers false (refused), empties the form once it succeeds', async () => {
    const onSubmit = vi.fn(async () => false);
    renderWithProviders(<UploadModal open mode="invoice" onCancel={() => {}} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Numéro de facture'), { target: { value: 'F-2024-0142' } });
    fireEvent.change(screen.getByLabelText('Montant de la facture (€)'), { target: { value: '450,5' } });
    choose(new File(['%PDF'], 'facture.pdf', { type: 'application/pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer' })).not.toHaveClass('ant-btn-loading'));
    expect(screen.getByLabelText('Numéro de facture')).toHaveValue('F-2024-0142');

    onSubmit.mockResolvedValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByLabelText('Numéro de facture')).toHaveValue(''));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('select mode with Facture: invoice title, type selector visible, invoice fields required', async () => {
    renderWithProviders(<UploadModal open mode="select" onCancel={() => {}} onSubmit={() => {}} />);
    expect(screen.getByText('Ajouter ma propre facture')).toBeInTheDocument();
    expect(screen.getByLabelText('Type de document')).toBeInTheDocument();
    expect(screen.getByLabelText('Numéro de facture')).toBeInTheDocument();
    expect(screen.getByLabelText('Montant de la facture (€)')).toBeInTheDocument();
  });

  it('select mode with another type: document title, invoice fields hidden', () => {
    renderWithProviders(<UploadModal open mode="select" initialType="Photo" onCancel={() => {}} onSubmit={() => {}} />);
    expect(screen.getByText('Ajouter un nouveau document')).toBeInTheDocument();
    expect(screen.queryByLabelText('Numéro de facture')).not.toBeInTheDocument();
  });

  it('document mode: only the file is required and no invoice field is sent', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <UploadModal open mode="document" initialType="Photo" onCancel={() => {}} onSubmit={onSubmit} />,
    );
    expect(screen.getByText('Ajouter un nouveau document')).toBeInTheDocument();
    expect(screen.queryByLabelText('Numéro de facture')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le fichier est obligatoire')).toBeInTheDocument();
  });

  it('refuses a file over 16 MB in its own input (class addFiles)', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderWithProviders(<UploadModal open mode="document" onCancel={() => {}} onSubmit={() => {}} />);
    const big = new File(['x'], 'video.mp4');
    Object.defineProperty(big, 'size', { value: 16777217 });
    choose(big);
    expect(alert).toHaveBeenCalledWith('Le fichier est trop volumineux. La taille maximale autorisée est de 16 Mo.');
    expect(screen.queryByText('video.mp4')).not.toBeInTheDocument();
    alert.mockRestore();
  });
});
