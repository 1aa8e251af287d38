import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ComingSoon } from './ComingSoon';
import { createPlaceholderRoutes } from './placeholder-routes';

describe('ComingSoon', () => {
  it('shows the page title as the heading', () => {
    render(<ComingSoon title="Devis" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Devis' })).toBeInTheDocument();
    expect(screen.getByText(/Bientôt disponible/)).toBeInTheDocument();
  });

  it("renders each of the remote's paths with its own title", () => {
    const Routes = createPlaceholderRoutes('mf_billing');
    render(
      <MemoryRouter initialEntries={['/quotation/list/credit-note']}>
        <Routes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Avoirs' })).toBeInTheDocument();
  });
});
