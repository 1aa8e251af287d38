import { fireEvent, screen } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { renderWithProviders } from 'shared-ui/testing';
import { describe, expect, it, vi } from 'vitest';
import { type LineValues, newLine } from '../form-values';
import { DocumentLinesTable } from './DocumentLinesTable';

vi.mock('../api/documents', () => ({ searchProducts: vi.fn(), getProductBrief: vi.fn() }));

// Stored positions with gaps (10, 20, 30): any move renumbers them 1..n.
const LINES: LineValues[] = ['Pare-brise', 'Pose', 'Joint'].map((title, index) => ({
  ...newLine(0, 20, (index + 1) * 10),
  title,
  unitPrice: '10',
}));

/** Holds the Form instance of the rendered harness, so a test reads what the form would send. */
const harness: { form?: FormInstance } = {};

function Harness() {
  const [form] = Form.useForm();
  harness.form = form;
  return (
    <Form form={form} initialValues={{ lines: LINES }}>
      <DocumentLinesTable lineTotals={[]} taxInclusive={false} makeLine={(position) => newLine(0, 20, position)} />
    </Form>
  );
}

function renderLines() {
  renderWithProviders(<Harness />);
  const stored = () =>
    ((harness.form?.getFieldValue('lines') ?? []) as LineValues[]).map((line) => [line.position, line.title]);
  const titles = () =>
    screen.getAllByLabelText(/^Libellé de la ligne/).map((input) => (input as HTMLInputElement).value);
  const positions = () => screen.getAllByTestId('line-position').map((cell) => cell.textContent);
  return { stored, titles, positions };
}

describe('DocumentLinesTable', () => {
  it('moves the focused line with Alt+↓, renumbers 1..n, keeps the focus on it and announces it', () => {
    const { stored, titles, positions } = renderLines();
    expect(positions()).toEqual(['10', '20', '30']);
    const handle = screen.getByRole('button', { name: /^Déplacer la ligne 1/ });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowDown', altKey: true });

    expect(titles()).toEqual(['Pose', 'Pare-brise', 'Joint']);
    expect(stored()).toEqual([
      [1, 'Pose'],
      [2, 'Pare-brise'],
      [3, 'Joint'],
    ]);
    expect(positions()).toEqual(['1', '2', '3']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Déplacer la ligne 2/ }));
    expect(screen.getByText('Ligne « Pare-brise » déplacée en position 2 sur 3.')).toBeInTheDocument();

    // Alt+↑ brings it back; an arrow without Alt does nothing (the table scrolls as usual).
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp', altKey: true });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(titles()).toEqual(['Pare-brise', 'Pose', 'Joint']);
  });

  it('moves with the up and down buttons, the first line having no "up"', () => {
    const { titles } = renderLines();
    expect(screen.getByRole('button', { name: 'Monter la ligne 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Descendre la ligne 3' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Monter la ligne 3' }));
    expect(titles()).toEqual(['Pare-brise', 'Joint', 'Pose']);
  });

  it('drops a dragged line where it is dropped, renumbered', () => {
    const { stored } = renderLines();
    const rows = screen.getAllByTestId('document-line');
    fireEvent.dragStart(screen.getByRole('button', { name: /^Déplacer la ligne 3/ }));
    fireEvent.dragOver(rows[0] as HTMLElement);
    fireEvent.drop(rows[0] as HTMLElement);
    expect(stored()).toEqual([
      [1, 'Joint'],
      [2, 'Pare-brise'],
      [3, 'Pose'],
    ]);
  });

  it('adds a line at the end and removes one, positions following', () => {
    const { stored } = renderLines();
    fireEvent.click(screen.getByRole('button', { name: /Ajouter une ligne/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer la ligne 1' }));
    expect(stored()).toEqual([
      [1, 'Pose'],
      [2, 'Joint'],
      [3, ''],
    ]);
  });

  it('does not submit the document when Enter is pressed in a line field', () => {
    const { titles } = renderLines();
    const input = screen.getByLabelText('Libellé de la ligne 1');
    const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    input.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(titles()).toHaveLength(3);
  });
});
