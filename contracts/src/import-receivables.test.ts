import { describe, expect, it } from 'vitest';
import { importReceivableRowSchema, parseFrenchDate } from './import-receivables';
import { guessMapping } from './imports';

describe('parseFrenchDate', () => {
  it.each([
    ['31/12/2024', '2024-12-31'],
    ['1/2/2024', '2024-02-01'],
    ['31.12.24', '2024-12-31'],
    ['31-12-2024', '2024-12-31'],
    ['2024-12-31', '2024-12-31'],
    ['29/02/2024', '2024-02-29'],
  ])('reads %s as %s', (text, day) => {
    expect(parseFrenchDate(text)).toBe(day);
  });

  it.each(['31/02/2024', '29/02/2023', '12/31/2024', '2024/12/31', 'hier', ''])('refuses %s', (text) => {
    expect(parseFrenchDate(text)).toBeUndefined();
  });
});

describe('an unpaid invoice of the former software', () => {
  const row = { invoiceNumber: 'FA-1', invoiceDate: '15/03/2024', debtorName: 'Lefèvre', amountDue: '1 234,50' };

  it('reads amounts in cents and gives 30 days to pay when the file has no due date', () => {
    expect(importReceivableRowSchema.parse(row)).toMatchObject({
      invoiceDate: '2024-03-15',
      dueDate: '2024-04-14',
      amountDue: 123_450,
    });
  });

  it('refuses what cannot be owed, in French', () => {
    const reason = (values: object) =>
      importReceivableRowSchema.safeParse({ ...row, ...values }).error?.issues[0]?.message;
    expect(reason({ amountDue: '0' })).toBe('Reste dû nul ou négatif : la facture est soldée, rien à reprendre');
    expect(reason({ totalAmount: '100' })).toBe('Reste dû plus grand que le montant TTC de la facture');
    expect(reason({ dueDate: '01/03/2024' })).toBe('Échéance avant la date de facture');
    expect(reason({ invoiceDate: '01/01/2999' })).toBe('Date de facture dans le futur');
    expect(reason({ amountDue: 'beaucoup' })).toBe('Reste dû illisible : « beaucoup » (un montant en euros)');
  });

  it('finds the columns of English exports too', () => {
    expect(
      guessMapping(['Invoice number', 'Invoice date', 'Customer', 'Insurer', 'Amount due'], 'receivables'),
    ).toMatchObject({ invoiceNumber: 0, invoiceDate: 1, debtorName: 2, insurer: 3, amountDue: 4 });
  });
});
