import { type CounterVehicle, type counterSaleBodySchema, documentBodySchema, normalizePlate } from 'contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db';
import { billingDocuments, folders } from '../../../db/schema';
import { createFolder } from '../../folders/create';
import { issueDocument } from '../documents/document-issue';
import { createDocument } from '../documents/documents-repository';

/*
 * A walk-in customer's sale at the desk, in one transaction: the folder, its invoice issued and paid in full
 * (« acquittée »). Each step is the one the pages use (a new folder, a new invoice, « Émettre » réglée maintenant),
 * run inside the sale's transaction (each opens a savepoint), so any refusal (the cash ceiling, a missing mention)
 * rolls back all of it: no folder, no number taken.
 */

type Body = z.output<typeof counterSaleBodySchema>;

export async function counterSale(db: Database, user: { userId: number; companyId: number }, body: Body) {
  return db.transaction(async (tx) => {
    const folder = await createFolder(tx, user, 'interne', body.folder);
    // The header's defaults from the documents' contract; the lines as the sale's contract already read them (cents).
    const invoice = {
      ...documentBodySchema.parse({
        folderId: folder.id,
        customer: null,
        billTo: 'customer',
        taxInclusive: body.taxInclusive,
        paymentTermDays: 0,
        lines: [],
      }),
      lines: body.lines,
    };
    const invoiceId = await createDocument(tx, user.companyId, 'invoice', invoice, user.userId);
    const number = await issueDocument(tx, [user.companyId], invoiceId, user.userId, {
      settle: { method: body.method },
    });
    const [issued] = await tx
      .select({ totalAmount: billingDocuments.totalAmount })
      .from(billingDocuments)
      .where(eq(billingDocuments.id, invoiceId));
    return { folderId: folder.id, invoiceId, number, totalAmount: issued?.totalAmount ?? 0 };
  });
}

/** The garage's latest folder of a plate: its vehicle and customer's name (never their contact details). */
export async function knownVehicle(db: Database, companyIds: number[], plate: string): Promise<CounterVehicle> {
  const [row] = await db
    .select({
      plate: folders.plate,
      brand: folders.brand,
      model: folders.model,
      vin: folders.vin,
      civility: folders.civility,
      firstName: folders.firstName,
      lastName: folders.lastName,
    })
    .from(folders)
    .where(and(inArray(folders.companyId, companyIds), eq(folders.plate, normalizePlate(plate))))
    .orderBy(desc(folders.createdAt), desc(folders.id))
    .limit(1);
  return row ?? null;
}
