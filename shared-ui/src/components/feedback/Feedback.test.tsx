import { act, fireEvent, screen } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventBus } from '../../runtime/event-bus';
import { ApiError } from '../../runtime/http';
import { renderWithProviders } from '../../test/render';
import { ActionPerformedModal } from './ActionPerformedModal';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { useFeedback } from './hooks/use-feedback';
import { PageHeader } from './PageHeader';

afterEach(() => vi.useRealTimers());

describe('ActionPerformedModal', () => {
  it('shows the message for 2 s then fires the follow-up event', async () => {
    vi.useFakeTimers();
    const followed = vi.fn();
    const off = eventBus.on('units:changed', followed);
    renderWithProviders(<ActionPerformedModal />);
    act(() => {
      eventBus.emit('modal:closed', {
        message: 'Relance enregistrée',
        followUp: { name: 'units:changed', payload: { jeton: 42 } },
      });
    });
    expect(screen.getByText('Relance enregistrée')).toBeInTheDocument();
    expect(screen.getByText('Action effectuée')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(followed).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(followed).toHaveBeenCalledWith({ jeton: 42 });
    off();
  });

  it('ignores a close event without a message', () => {
    renderWithProviders(<ActionPerformedModal />);
    act(() => eventBus.emit('modal:closed', {}));
    expect(screen.queryByText('Action effectuée')).not.toBeInTheDocument();
  });
});

function FeedbackButtons() {
  const feedback = useFeedback();
  return (
    <>
      <Button onClick={() => feedback.success()}>ok</Button>
      <Button onClick={() => feedback.error(new ApiError(500, { message: 'Stock insuffisant' }))}>ko-serveur</Button>
      <Button onClick={() => feedback.error(new Error('réseau'))}>ko</Button>
    </>
  );
}

describe('useFeedback', () => {
  it('uses French defaults and the server message', async () => {
    renderWithProviders(<FeedbackButtons />);
    fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    expect(await screen.findByText('Modifications enregistrées')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'ko-serveur' }));
    expect(await screen.findByText('Stock insuffisant')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'ko' }));
    expect(await screen.findByText('Une erreur est survenue')).toBeInTheDocument();
  });
});

describe('states and headers', () => {
  it('ErrorState offers "Réessayer"', () => {
    const retry = vi.fn();
    renderWithProviders(<ErrorState onRetry={retry} />);
    fireEvent.click(screen.getByRole('button', { name: /Réessayer/ }));
    expect(retry).toHaveBeenCalled();
  });

  it('EmptyState shows its description and action', () => {
    renderWithProviders(<EmptyState description="Aucun produit" action={<Button>Ajouter un produit</Button>} />);
    expect(screen.getByText('Aucun produit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter un produit' })).toBeInTheDocument();
  });

  it('PageHeader renders one h1, actions and a breadcrumb', () => {
    renderWithProviders(
      <PageHeader
        title="Mes produits"
        extra={<Button>Ajouter un produit</Button>}
        breadcrumb={[{ title: 'Accueil', href: '/' }, { title: 'Mes produits' }]}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Mes produits' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/');
  });
});
