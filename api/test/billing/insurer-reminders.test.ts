import {
  BILLING_DOCUMENT_NOT_FOUND,
  insurerInvoicesSchema,
  insurerReceivablesSchema,
  insurerRemindResultSchema,
  parisToday,
  REMINDER_ALREADY_TODAY,
  REMINDER_NO_EMAIL,
  REMINDER_NOT_DUE,
  TEMPLATE_PURPOSE_WRONG_TYPE,
} from 'contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insurerReminders, insurers, outbox } from '../../src/db/schema';
import { remindOverdueInsurers } from '../../src/modules/billing/payments/insurer-reminders';
import { createTestApp, ownTestGarage } from '../helpers';
import { billing, body, line } from './fixtures';

/*
 * Reminders to insurers whose invoices are past due: e-mailed through the outbox with the invoice attached, by hand
 * from « Créances assureurs » or by the server's hourly pass for a garage with a reminder template. Real invoices
 * issued through the API (their due date set back on the draft), real outbox rows read back.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(() => app.close());

type Garage = Awaited<ReturnType<typeof ownTestGarage>>;

/** An issued invoice to the folder's insurer (MAIF), past due by `daysLate` days (0: not yet due). */
async function insurerInvoice(owner: Garage, daysLate: number) {
  const folder = await app.inject({ method: 'POST', url: '/api/test/folder', payload: { email: owner.email } });
  // No insurer has an address in the directory (this file's own database): each test gives the one it needs.
  await app.db.update(insurers).set({ email: '' });
  const docs = billing(app, owner.cookie);
  const draft = await docs.create(
    'invoice',
    body({ folderId: (folder.json() as { id: number }).id, billTo: 'insurer', customer: null, lines: [line()] }),
  );
  if (daysLate > 0) {
    const late = await app.inject({
      method: 'POST',
      url: '/api/test/invoice-overdue',
      payload: { email: owner.email, documentId: draft, days: daysLate },
    });
    expect(late.statusCode, late.body).toBeLessThan(300);
  }
  return docs.issue(draft, 'Cession signée sur papier');
}

/** The insurer's directory entries (the garage's and its network's, in this file's own database) get an address. */
const giveInsurerEmail = (name: string, email: string) =>
  app.db.update(insurers).set({ email }).where(eq(insurers.legalName, name));

const remind = (owner: Garage, invoiceIds: number[]) =>
  billing(app, owner.cookie).call('POST', '/api/paiement/receivables/remind', { invoiceIds });
const mailsOf = (invoiceId: number) =>
  app.db.select().from(outbox).where(eq(outbox.documentId, invoiceId)).orderBy(desc(outbox.id));

describe('reminders to insurers', () => {
  it('are e-mailed by hand with the invoice, once a day, only past due and to an address', async () => {
    const owner = await ownTestGarage(app);
    const late = await insurerInvoice(owner, 20);
    const early = await insurerInvoice(owner, 0);
    const insurer = late.customer?.name ?? '';
    let answer = insurerRemindResultSchema.parse((await remind(owner, [late.id, early.id])).json());
    expect(answer.reminded).toEqual([]);
    // The invoice names the insurer's head office without an address: the directory's is the one used.
    expect(late.customer?.email ?? '').toBe('');
    expect(answer.skipped.map((row) => row.reason)).toEqual([REMINDER_NO_EMAIL, REMINDER_NOT_DUE]);

    await giveInsurerEmail(insurer, 'sinistres@assureur.example');
    answer = insurerRemindResultSchema.parse((await remind(owner, [late.id])).json());
    expect(answer.reminded).toEqual([{ invoiceId: late.id, number: late.number }]);
    const [mail] = await mailsOf(late.id);
    expect(mail).toMatchObject({
      to: 'sinistres@assureur.example',
      subject: `Relance : facture ${late.number} — sinistre ${late.buyerReference}`,
      attachmentName: `${late.number}.pdf`,
    });
    expect(mail?.body).toContain(`notre facture ${late.number} relative au sinistre ${late.buyerReference}`);
    expect(mail?.body).toMatch(/reste impayée pour 120,00\s€ TTC/);

    const again = insurerRemindResultSchema.parse((await remind(owner, [late.id])).json());
    expect(again.skipped).toEqual([{ invoiceId: late.id, number: late.number, reason: REMINDER_ALREADY_TODAY }]);
    expect(await mailsOf(late.id)).toHaveLength(1);

    const listed = insurerInvoicesSchema.parse(
      (
        await billing(app, owner.cookie).call(
          'GET',
          `/api/paiement/receivables/insurers/invoices?${new URLSearchParams({ insurer, siren: late.customer?.siren ?? '' })}`,
        )
      ).json(),
    );
    expect(listed.find((row) => row.id === late.id)?.lastReminderDay).toBe(parisToday());
    expect(listed.find((row) => row.id === early.id)?.lastReminderDay).toBeNull();

    // Another garage cannot remind, nor learn, this garage's invoice.
    const other = await ownTestGarage(app);
    const foreign = await remind(other, [late.id]);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, BILLING_DOCUMENT_NOT_FOUND]);
  });

  it('leave by themselves for a garage with a reminder template, then every 15 days', async () => {
    const owner = await ownTestGarage(app);
    const late = await insurerInvoice(owner, 10);
    await giveInsurerEmail(late.customer?.name ?? '', 'gestion@assureur.example');
    // Without the template, the pass leaves it alone.
    await remindOverdueInsurers(app.db);
    expect(await app.db.select().from(insurerReminders).where(eq(insurerReminders.invoiceId, late.id))).toEqual([]);

    const templates = billing(app, owner.cookie);
    const wrong = await templates.call('POST', '/api/message_template/sms/new', {
      type: 'sms',
      subject: 'Relance',
      content: '<p>Relance</p>',
      purpose: 'insurer_reminder',
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, TEMPLATE_PURPOSE_WRONG_TYPE]);
    const template = await templates.call('POST', '/api/message_template/mail/new', {
      type: 'assurance',
      subject: 'Facture #NUMERO# impayée (sinistre #SINISTRE#)',
      content: '<p>Bonjour,</p><p>Il reste <strong>#MONTANT#</strong> à régler sur la facture #NUMERO#.</p>',
      purpose: 'insurer_reminder',
    });
    expect(template.statusCode, template.body).toBe(201);
    const receivables = insurerReceivablesSchema.parse(
      (await templates.call('GET', '/api/paiement/receivables/insurers')).json(),
    );
    expect(receivables.autoReminder).toEqual({ garages: 1, active: 1 });

    expect(await remindOverdueInsurers(app.db)).toBeGreaterThanOrEqual(1);
    const [mail] = await mailsOf(late.id);
    expect(mail?.subject).toBe(`Facture ${late.number} impayée (sinistre ${late.buyerReference})`);
    expect(mail?.body).toMatch(new RegExp(`Il reste 120,00\\s€ à régler sur la facture ${late.number}\\.`));
    // Reminded today: the next pass waits 15 days.
    await remindOverdueInsurers(app.db);
    expect(await mailsOf(late.id)).toHaveLength(1);
  });
});
