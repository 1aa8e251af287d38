import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DocNode, DocPage } from 'contracts';
import { Route, Routes } from 'react-router-dom';
import { useSession } from 'shared-ui';
import { lyonClaims, renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveDocPage } from '../api/edit-docs';
import { getDocPage, getDocsTree } from '../api/get-docs';
import { DocsViewerPage } from './DocsViewerPage';

vi.mock('../api/get-docs', () => ({ getDocsTree: vi.fn(), getDocPage: vi.fn() }));
vi.mock('../api/edit-docs', () => ({ saveDocPage: vi.fn(), getDocVersions: vi.fn(), restoreDocVersion: vi.fn() }));

const page: DocPage = {
  id: 3,
  title: 'Accueil client',
  content: '<p>Bonjour, que puis-je pour vous ?</p>',
  parentId: null,
  position: 0,
  version: 1,
  updatedBy: 'Paul Martin',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const node = (title: string): DocNode => ({ id: 3, title, content: '', childreen: [] });

const renderDocs = () =>
  renderWithProviders(
    <Routes>
      <Route path="/docs/:pageId" element={<DocsViewerPage />} />
    </Routes>,
    { route: '/docs/3' },
  );

beforeEach(() => {
  vi.mocked(getDocsTree)
    .mockReset()
    .mockResolvedValue([node('Accueil client')]);
  vi.mocked(getDocPage).mockReset().mockResolvedValue(page);
  vi.mocked(saveDocPage).mockReset();
  // A franchisor writes the script of their network.
  useSession.setState({ claims: lyonClaims({ role: 'ROLE_FRANCHISEUR' }) });
});

describe('DocsViewerPage', () => {
  it('a page saved shows as saved at once, without reading it again; the table of contents reads again', async () => {
    renderDocs();
    expect(await screen.findByRole('heading', { level: 2, name: 'Accueil client' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier la page' }));
    const drawer = await screen.findByRole('dialog', { name: 'Modifier la page' });
    const title = await within(drawer).findByLabelText('Titre');
    await waitFor(() => expect(title).toHaveValue('Accueil client'));
    fireEvent.change(title, { target: { value: 'Accueil du client' } });

    const saved = { ...page, title: 'Accueil du client', version: 2, updatedAt: '2026-11-21T10:00:00.000Z' };
    vi.mocked(saveDocPage).mockResolvedValue(saved);
    vi.mocked(getDocsTree).mockResolvedValue([node('Accueil du client')]);
    const reads = vi.mocked(getDocPage).mock.calls.length;
    fireEvent.click(within(drawer).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Accueil du client' })).toBeInTheDocument();
    expect(screen.getByText(/^Version 2 · mise à jour le/)).toBeInTheDocument();
    expect(saveDocPage).toHaveBeenCalledWith(3, expect.objectContaining({ title: 'Accueil du client' }));
    // The server's answer is the page as saved: it is not read again (each read is logged).
    expect(getDocPage).toHaveBeenCalledTimes(reads);
    // Its title changed in the table of contents too.
    await waitFor(() => expect(getDocsTree).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: /Accueil du client/ })).toBeInTheDocument();
  });
});
