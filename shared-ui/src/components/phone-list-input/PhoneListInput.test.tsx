import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { isValidPhone, PHONE_PATTERN } from 'contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PhoneListInput, type PhoneRow } from './PhoneListInput';

function Harness({ onFinish, phones }: { onFinish?: (values: { phones: PhoneRow[] }) => void; phones?: PhoneRow[] }) {
  return (
    <Form onFinish={onFinish} initialValues={phones ? { phones } : undefined}>
      <PhoneListInput name="phones" />
      <button type="submit">Enregistrer</button>
    </Form>
  );
}

describe('phone rule (contracts)', () => {
  it('accepts exactly 10 digits or empty', () => {
    expect(PHONE_PATTERN.test('0612345678')).toBe(true);
    expect(isValidPhone('0612345678')).toBe(true);
    expect(isValidPhone('')).toBe(true);
    expect(isValidPhone(undefined)).toBe(true);
    expect(isValidPhone('061234567')).toBe(false);
    expect(isValidPhone('06123456789')).toBe(false);
    expect(isValidPhone('06 12 34 56')).toBe(false);
    expect(isValidPhone('+336123456')).toBe(false);
  });
});

describe('PhoneListInput', () => {
  it('always shows one row, without a remove button', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByLabelText('Numéro de téléphone 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
  });

  it('asks mobile browsers for the phone keyboard and autofill', () => {
    renderWithProviders(<Harness />);
    const input = screen.getByLabelText('Numéro de téléphone 1');
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('autocomplete', 'tel');
  });

  it('adds rows and shows remove buttons only with more than one row', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: /Ajouter un numéro/ }));
    expect(await screen.findByLabelText('Numéro de téléphone 2')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Supprimer/ })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer le numéro 2' }));
    await waitFor(() => expect(screen.queryByLabelText('Numéro de téléphone 2')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
  });

  it('shows the French message for a number that is not 10 digits', async () => {
    renderWithProviders(<Harness />);
    fireEvent.change(screen.getByLabelText('Numéro de téléphone 1'), { target: { value: '06123' } });
    expect(await screen.findByText('Le numéro de téléphone doit contenir 10 chiffres')).toBeInTheDocument();
  });

  it('submits valid and empty numbers as { phone }[]', async () => {
    const onFinish = vi.fn();
    renderWithProviders(<Harness onFinish={onFinish} phones={[{ phone: '0612345678' }, { phone: '' }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ phones: [{ phone: '0612345678' }, { phone: '' }] }));
  });
});
