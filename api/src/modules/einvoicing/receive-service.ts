import type { Database } from '../../db';
import { isUniqueViolation } from '../../lib/unique-violation';
import { readEInvoice } from './reading/read-einvoice';
import {
  bookedNumber,
  bookReceived,
  garageSiren,
  type IncomingFile,
  markFlow,
  storeIncoming,
} from './received-repository';

/*
 * A supplier's e-invoice arriving, from the platform or by hand: stored first (a crash while reading loses
 * nothing), read, then booked as an expense, kept « À traiter » with the reason it could not be, or refused once
 * as a duplicate. Receiving the same platform flow again changes nothing.
 */

export interface Reception {
  flowRowId: number;
  state: 'booked' | 'to-treat' | 'duplicate';
  reason: string | null;
  expenseId: number | null;
}

const frenchDay = (date: Date) => date.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });

export async function receiveFile(db: Database, file: IncomingFile): Promise<Reception> {
  const { row, fresh } = await storeIncoming(db, file);
  if (!fresh && row.reason !== 'En cours de lecture')
    return { flowRowId: row.id, state: row.state, reason: row.reason, expenseId: row.expenseId };
  const read = await readEInvoice(row.content);
  const toTreat = async (reason: string, syntax: string | null): Promise<Reception> => {
    await markFlow(db, row.id, { state: 'to-treat', reason, syntax });
    return { flowRowId: row.id, state: 'to-treat', reason, expenseId: null };
  };
  if (!read.ok) return toTreat(read.reason, read.syntax);
  const { invoice, syntax } = read;
  const siren = await garageSiren(db, row.companyId);
  if (invoice.buyer.siren && invoice.buyer.siren !== siren)
    return toTreat(
      `Facture adressée au SIREN ${invoice.buyer.siren} (${invoice.buyer.name}), pas à ce garage${siren ? ` (SIREN ${siren})` : ''}`,
      syntax,
    );
  if (!invoice.seller.siren) return toTreat('Le fournisseur n’a pas de SIREN dans la facture', syntax);
  try {
    const expenseId = await bookReceived(db, row, syntax, invoice, file.userId ?? null);
    return { flowRowId: row.id, state: 'booked', reason: null, expenseId };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const first = await bookedNumber(db, row.companyId, invoice.seller.siren, invoice.number);
    const reason = `Doublon : la facture n° ${invoice.number} de ${invoice.seller.name} a déjà été reçue${
      first ? ` le ${frenchDay(first.receivedAt)} (dépense n° ${first.expenseId})` : ''
    }`;
    await markFlow(db, row.id, { state: 'duplicate', reason, syntax, expenseId: first?.expenseId ?? null });
    return { flowRowId: row.id, state: 'duplicate', reason, expenseId: first?.expenseId ?? null };
  }
}
