import type { RecoveryStage } from 'contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { billingDocuments, companies, folderHistory, recoveries, recoveryEvents } from '../db/schema';
import { commentHtml, stageHtml } from '../modules/recovery/actions-repository';
import { isOverdueUnpaid } from '../modules/recovery/repository';
import { firstMemberAllowed } from './staff';

const DAY = 86_400_000;

interface Step {
  /** Where in the time since the due date (0 to 1) the step happened. */
  at: number;
  to?: RecoveryStage;
  comment?: string;
}

/** What each garage's oldest overdue invoices went through, oldest first; the others stay "à relancer". */
const PLAN: Step[][] = [
  [
    { at: 0.15, to: 'amiable' },
    { at: 0.25, comment: 'Relance téléphonique : pas de réponse, message laissé.' },
    { at: 0.4, to: 'mise_en_demeure' },
    { at: 0.5, comment: 'Mise en demeure envoyée en recommandé avec accusé de réception.' },
    { at: 0.7, to: 'contentieux' },
    { at: 0.8, comment: 'Dossier transmis au cabinet de recouvrement.' },
  ],
  [
    { at: 0.2, to: 'amiable' },
    { at: 0.35, comment: 'Relance par e-mail, facture renvoyée en pièce jointe.' },
    { at: 0.6, to: 'mise_en_demeure' },
  ],
  [
    { at: 0.3, to: 'amiable' },
    { at: 0.55, comment: 'Le débiteur promet un règlement sous huit jours.' },
  ],
  [
    { at: 0.2, to: 'amiable' },
    { at: 0.5, to: 'mise_en_demeure' },
    { at: 0.7, comment: 'Créance abandonnée : montant inférieur aux frais de procédure.' },
    { at: 0.75, to: 'closed' },
  ],
  [{ at: 0.5, to: 'amiable' }],
];
/** Invoices left "à relancer" in each garage, at least. */
const LEFT_TO_RECOVER = 2;

/**
 * A few recoveries per demo garage, on its oldest overdue unpaid invoices: one at each stage (contentieux, mise en
 * demeure, amiable, closed) with their events and folder history rows, the newest ones left "à relancer". No unit is
 * consumed: the money seed's ledger already holds a year of "recouvrement" consumptions, and the demo balances stay
 * as documented. Runs once: a database that already has recoveries is left alone.
 */
export async function seedRecoveryDemo(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(20260125)`);
    const [existing] = await tx.select({ id: recoveries.id }).from(recoveries).limit(1);
    if (existing) return false;
    const garages = await tx.select({ id: companies.id }).from(companies).orderBy(asc(companies.id));
    for (const garage of garages) {
      const userId = await firstMemberAllowed(tx, garage.id, 'recoveries');
      const overdue = await tx
        .select({
          id: billingDocuments.id,
          number: billingDocuments.number,
          folderId: billingDocuments.folderId,
          dueDate: billingDocuments.dueDate,
        })
        .from(billingDocuments)
        .where(and(eq(billingDocuments.companyId, garage.id), eq(billingDocuments.type, 'invoice'), isOverdueUnpaid))
        .orderBy(asc(billingDocuments.dueDate), asc(billingDocuments.id));
      const count = Math.min(PLAN.length, Math.max(overdue.length - LEFT_TO_RECOVER, 0));
      for (const [index, invoice] of overdue.slice(0, count).entries()) {
        const steps = PLAN[index] ?? [];
        const due = new Date(`${invoice.dueDate}T09:00:00Z`).getTime() + DAY;
        const span = Math.max(now.getTime() - 3_600_000 - due, 60_000);
        const when = (step: Step) => new Date(due + Math.floor(step.at * span));
        const last = steps[steps.length - 1];
        let stage: RecoveryStage = 'amiable';
        for (const step of steps) if (step.to) stage = step.to;
        const [recovery] = await tx
          .insert(recoveries)
          .values({
            companyId: garage.id,
            documentId: invoice.id,
            stage,
            openedAt: when(steps[0] ?? { at: 0 }),
            updatedAt: last ? when(last) : now,
            closedAt: stage === 'closed' && last ? when(last) : null,
          })
          .returning({ id: recoveries.id });
        if (!recovery) continue;
        let from: RecoveryStage | null = null;
        const number = invoice.number ?? '';
        for (const step of steps) {
          const createdAt = when(step);
          if (step.to) {
            await tx.insert(recoveryEvents).values({
              recoveryId: recovery.id,
              kind: 'stage',
              fromStage: from,
              toStage: step.to,
              userId,
              createdAt,
            });
            if (invoice.folderId !== null) {
              await tx.insert(folderHistory).values({
                folderId: invoice.folderId,
                companyId: garage.id,
                userId,
                kind: 'relance',
                field: 'recovery',
                content: stageHtml(number, from, step.to),
                createdAt,
              });
            }
            from = step.to;
          } else if (step.comment) {
            await tx
              .insert(recoveryEvents)
              .values({ recoveryId: recovery.id, kind: 'comment', content: step.comment, userId, createdAt });
            if (invoice.folderId !== null) {
              await tx.insert(folderHistory).values({
                folderId: invoice.folderId,
                companyId: garage.id,
                userId,
                kind: 'comment',
                field: 'recovery',
                content: commentHtml(number, step.comment),
                createdAt,
              });
            }
          }
        }
      }
    }
    return true;
  });
}
