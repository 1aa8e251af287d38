import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchFolders } from '../api/search-folders';
import { FolderSearch } from './FolderSearch';

vi.mock('../api/search-folders', () => ({ searchFolders: vi.fn() }));
const search = vi.mocked(searchFolders);

function renderSearch(onClose = vi.fn()) {
  renderWithProviders(
    <Routes>
      <Route path="/" element={<FolderSearch onClose={onClose} />} />
      <Route path="/folder/show/:id" element={<p>Page du dossier</p>} />
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
});
