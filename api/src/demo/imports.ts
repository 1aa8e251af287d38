import { DEMO_COMPANIES } from 'contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { companies, imports } from '../db/schema';
import { checkOrRun, createDraft } from '../modules/imports/repository';
import { firstMemberAllowed } from './staff';

/*
 * « Import depuis l’ancien logiciel » as a newcomer finds it in the Lyon garage: its former software's unpaid invoices
 * imported through the page's own code (file kept, one refused row with its reason), so the opening balances show in
 * « Recouvrements », « Créances assureurs » (AXA's), the payment form and the AN journal.
 */

const FORMER_UNPAID = [
  'N° facture;Date facture;Échéance;Client;Assureur;N° sinistre;Immatriculation;Montant TTC;Reste dû',
  'FA2025-0412;12/09/2025;12/10/2025;Lefort Bernard;;;BX-412-PL;640,00;640,00',
  'FA2025-0433;03/10/2025;;Petit Claire;AXA;SIN-2025-88123;GH-784-KL;1 180,00;1 180,00',
  'FA2025-0470;28/10/2025;27/11/2025;Transports Rhône Alpes SARL;;;;2 400,00;900,00',
  'FA2025-0481;31/10/2025;;Dupuis Marc;;;;380,00;0,00',
].join('\r\n');

/** Once: a database whose Lyon garage already imported something is left alone. */
export async function seedImportsDemo(db: Database): Promise<void> {
  const [lyon] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.name, DEMO_COMPANIES.lyon), eq(companies.demo, true)));
  if (!lyon) return;
  // Several instances may start together: the one that writes the draft under the lock runs it.
  const draft = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(20261129)`);
    const [already] = await tx.select({ id: imports.id }).from(imports).where(eq(imports.companyId, lyon.id)).limit(1);
    if (already) return undefined;
    const { row } = await createDraft(tx, {
      companyId: lyon.id,
      userId: await firstMemberAllowed(tx, lyon.id, 'imports'),
      kind: 'receivables',
      fileName: 'impayes-ancien-logiciel.csv',
      bytes: Buffer.from(FORMER_UNPAID, 'utf8'),
    });
    return row;
  });
  if (draft) await checkOrRun(db, [lyon.id], draft.id, draft.mapping, { dryRun: false });
}
