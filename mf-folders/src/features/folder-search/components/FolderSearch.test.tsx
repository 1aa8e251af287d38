import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router-dom';
import { renderWithProviders } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchFolders } from '../../../api/search-folders';
import { FolderSearch } from './FolderSearch';

vi.mock('../../../api/search-folders', () => ({ searchFolders: vi.fn() }));
const search = vi.mocked(searchFolders);

function Where({ what }: { what: string }) {
  const params = useParams();
  return <p>{`Fiche ${what} ${params.folderId ?? params.plate}`}</p>;
}

function renderSearch(onClose = vi.fn()) {
  renderWithProviders(
    <Routes>
      <Route path="/" element={<FolderSearch onClose={onClose} />} />
      <Route path="/folder/show/:id" element={<p>Page du dossier</p>} />
      <Route path="/customer/:folderId" element={<Where what="client" />} />
      <Route path="/vehicle/:plate" element={<Where what="véhicule" />} />
    </Routes>,
  );
  return { onClose, box: screen.getByRole('searchbox', { name: 'Rechercher un dossier' }) };
}

describe('FolderSearch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    search.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('says "No folders found." before anything is typed, and waits for 2 characters and 300 ms', async () => {
    const { box } = renderSearch();
    expect(screen.getByText('No folders found.')).toBeInTheDocument();
    expect(box).toHaveAttribute('placeholder', 'Search...');
    fireEvent.change(box, { target: { value: 'a' } });
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(search).not.toHaveBeenCalled();
    search.mockResolvedValue([]);
    fireEvent.change(box, { target: { value: 'ab1' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(search).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(search).toHaveBeenCalledWith(0, 'ab1');
    expect(screen.getByText('Dossier non trouvé')).toBeInTheDocument();
  });

  it('moves with the arrows and opens the highlighted folder with Enter', async () => {
    search.mockResolvedValue([
      { id: 7, value: '7', label: 'AB-123-CD · Martin Léa' },
      { id: 9, value: '9', label: 'AB-124-CE · Dupont Hugo' },
    ]);
    const { box, onClose } = renderSearch();
    fireEvent.change(box, { target: { value: 'ab12' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'Enter' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Page du dossier')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('opens the highlighted folder’s customer page with Shift+Enter', async () => {
    search.mockResolvedValue([
      { id: 7, value: '7', label: 'AB-123-CD · Martin Léa', plate: 'AB-123-CD' },
      { id: 9, value: '9', label: 'Dupont Hugo', plate: null },
    ]);
    const first = renderSearch();
    fireEvent.change(first.box, { target: { value: 'ab12' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.keyDown(first.box, { key: 'Enter', shiftKey: true });
    expect(screen.getByText('Fiche client 7')).toBeInTheDocument();
    expect(first.onClose).toHaveBeenCalled();
  });

  it('opens the vehicle with Alt+Enter, and offers no vehicle for a folder without a plate', async () => {
    search.mockResolvedValue([
      { id: 7, value: '7', label: 'AB-123-CD · Martin Léa', plate: 'AB-123-CD' },
      { id: 9, value: '9', label: 'Dupont Hugo', plate: null },
    ]);
    const { box } = renderSearch();
    fireEvent.change(box, { target: { value: 'ab12' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('button', { name: /Fiche véhicule/ })).toBeDisabled();
    fireEvent.keyDown(box, { key: 'Enter', altKey: true });
    expect(screen.queryByText(/Fiche véhicule/, { selector: 'p' })).not.toBeInTheDocument();
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.click(screen.getByRole('button', { name: /Fiche véhicule/ }));
    expect(screen.getByText('Fiche véhicule AB-123-CD')).toBeInTheDocument();
  });
});
