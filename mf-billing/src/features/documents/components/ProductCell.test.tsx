import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { PRODUCT_ID_NOT_A_NUMBER } from 'contracts';
import { ApiError } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getProductBrief, searchProducts } from '../api/documents';
import { newLine } from '../form-values';
import { DocumentLinesTable } from './DocumentLinesTable';
import { PRODUCT_LIST_CLOSE_DELAY_MS } from './ProductCell';

// The HTTP calls of the cell (GET /product/search/{term}, GET /product/{id}).
vi.mock('../api/documents', () => ({ searchProducts: vi.fn(), getProductBrief: vi.fn() }));
const search = vi.mocked(searchProducts);
const brief = vi.mocked(getProductBrief);

const CLIO = { label: 'Pare-brise Renault Clio V (6054AGSMVZ1B)', value: 12, price: 32_900 };

function renderLine(taxInclusive = false) {
  renderWithProviders(
    <Form initialValues={{ lines: [{ ...newLine(0, 20, 1), title: 'Ancien libellé' }] }}>
      <DocumentLinesTable
        lineTotals={[]}
        taxInclusive={taxInclusive}
        makeLine={(position) => newLine(0, 20, position)}
      />
    </Form>,
  );
  return screen.getByRole('combobox', { name: 'Produit de la ligne 1' });
}

async function choose(box: HTMLElement) {
  act(() => box.focus());
  fireEvent.change(box, { target: { value: 'clio' } });
  await waitFor(() => expect(search).toHaveBeenCalledWith('clio'));
  fireEvent.click(await screen.findByText(CLIO.label));
}

beforeEach(() => {
  search.mockReset().mockResolvedValue([CLIO]);
  brief.mockReset().mockResolvedValue({
    id: 12,
    name: 'Pare-brise Renault Clio V',
    description: null,
    productCode: '6054AGSMVZ1B',
    price: 32_900,
    unit: 'piece',
  });
});

describe('ProductCell', () => {
  it('searches after a pause, then fills the title, details and unit price from GET /product/{id}', async () => {
    const box = renderLine();
    await choose(box);
    await waitFor(() => expect(brief).toHaveBeenCalledWith(12));
    await waitFor(() =>
      expect(screen.getByLabelText('Libellé de la ligne 1')).toHaveValue('Pare-brise Renault Clio V'),
    );
    expect(screen.getByLabelText('Détails de la ligne 1')).toHaveValue('6054AGSMVZ1B');
    expect(screen.getByLabelText('Prix unitaire HT de la ligne 1')).toHaveValue('329,00');
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('shows each product found with its price before tax', async () => {
    const box = renderLine();
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'clio' } });
    const option = (await screen.findByText(CLIO.label)).closest('.ant-select-item') as HTMLElement;
    expect(option).toHaveTextContent(/329,00\s€ HT/);
  });

  it('puts the VAT in the price of a tax-inclusive document', async () => {
    await choose(renderLine(true));
    await waitFor(() => expect(screen.getByLabelText('Prix unitaire TTC de la ligne 1')).toHaveValue('394,80'));
  });

  it('shows the server’s refusal and leaves the line as it was', async () => {
    brief.mockRejectedValue(new ApiError(400, { message: PRODUCT_ID_NOT_A_NUMBER }));
    await choose(renderLine());
    expect(await screen.findByText(PRODUCT_ID_NOT_A_NUMBER)).toBeInTheDocument();
    expect(screen.getByLabelText('Libellé de la ligne 1')).toHaveValue('Ancien libellé');
  });

  it('keeps the choice list open 400 ms after the field loses focus', async () => {
    vi.useFakeTimers();
    try {
      const box = renderLine();
      act(() => box.focus());
      fireEvent.change(box, { target: { value: 'clio' } });
      await act(() => vi.advanceTimersByTimeAsync(400));
      expect(screen.getByText(CLIO.label)).toBeInTheDocument();
      expect(box).toHaveAttribute('aria-expanded', 'true');
      act(() => box.blur());
      await act(() => vi.advanceTimersByTimeAsync(PRODUCT_LIST_CLOSE_DELAY_MS - 50));
      expect(screen.getByRole('combobox', { name: 'Produit de la ligne 1' })).toHaveAttribute('aria-expanded', 'true');
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(screen.getByRole('combobox', { name: 'Produit de la ligne 1' })).toHaveAttribute('aria-expanded', 'false');
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets Tab go on to the next field while the list is open, choosing nothing', async () => {
    const box = renderLine();
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'clio' } });
    expect(await screen.findByText(CLIO.label)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // fireEvent answers false when a handler called preventDefault: the browser would then keep the focus here.
    expect(fireEvent.keyDown(box, { key: 'Tab', code: 'Tab', keyCode: 9 })).toBe(true);
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'false'));
    expect(brief).not.toHaveBeenCalled();
  });
});
