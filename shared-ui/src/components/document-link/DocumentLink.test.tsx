import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DocumentLink } from './DocumentLink';

describe('DocumentLink', () => {
  it('links an invoice of the garage to its page', () => {
    render(<DocumentLink id={41} number="F-2026-00041" openingBalance={false} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'F-2026-00041' })).toHaveAttribute('href', '/quotation/show/41');
  });

  it('marks an opening balance and links nowhere (it has no page)', () => {
    render(<DocumentLink id={7} number="ANC-FA2019-0012" openingBalance />, { wrapper: MemoryRouter });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('ANC-FA2019-0012')).toBeInTheDocument();
    expect(screen.getByText('Solde repris')).toBeInTheDocument();
  });
});
