import { and, asc, desc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { billingDocuments, companies, franchises, insurers, platformFlows, suppliers } from '../db/schema';
import { newPdf } from '../lib/pdf-document';
import { sealSecret } from '../lib/secret-box';
import { findDocument } from '../modules/billing/documents/documents-queries';
import { originalPdf } from '../modules/billing/documents/originals';
import { testConnection } from '../modules/einvoicing/connection-test';
import { sendPendingFlows } from '../modules/einvoicing/platform-dispatcher';
import { queueDeposit } from '../modules/einvoicing/sent-invoices';
import { checkAcknowledgements } from '../modules/ereporting/acknowledgements';
import { periodOf } from '../modules/ereporting/periods';
import { queueGarageReports } from '../modules/ereporting/transmissions';
import { type SettingOwner, saveSetting } from '../modules/sending/settings-repository';
import type { TestPlatform } from './server';
import { type SupplierInvoiceSpec, type SupplierSyntax, supplierInvoiceFile } from './supplier-invoice';

/*
 * The demo's approved platform: every demo network (and demo garage outside one) gets a client on this start's test
 * platform, the directory lists the demo's garages and insurers, and at the first start each garage receives three
 * supplier invoices (Factur-X, CII, UBL), one sent twice and one scan that is not an e-invoice, so « Dépenses »
 * shows reception, duplicates and « À traiter ». Only demo companies: the seed never runs beside real ones.
 */

const DEMO_SECRET = 'secret-demo';

/** A network or a garage given its access to the test platform, as its admin would type it on « Facturation électronique ». */
export async function connectToTestPlatform(db: Database, key: Buffer, platform: TestPlatform, owner: SettingOwner) {
  const clientId = owner.level === 'network' ? `reseau-${owner.franchiseId}` : `garage-${owner.companyId}`;
  platform.addClient(clientId, DEMO_SECRET, 'any');
  const settings = {
    flowUrl: platform.flowUrl,
    directoryUrl: platform.directoryUrl,
    tokenUrl: platform.tokenUrl,
    clientId,
  };
  await saveSetting(db, owner, 'platform', settings, sealSecret(key, DEMO_SECRET));
}

export async function pointDemoAtPlatform(db: Database, key: Buffer, platform: TestPlatform): Promise<void> {
  const garages = await db
    .select({ id: companies.id, name: companies.name, siret: companies.siret, franchiseId: companies.franchiseId })
    .from(companies)
    .where(and(eq(companies.demo, true), isNotNull(companies.siret)));
  for (const garage of garages) {
    const siren = (garage.siret ?? '').slice(0, 9);
    platform.addDirectoryEntry({
      siren,
      businessName: garage.name,
      entityType: 'PrivateVatRegistered',
      administrativeStatus: 'A',
      lines: [{ addressingIdentifier: `0225:${siren}`, platformType: 'WK', directoryLineStatus: 'Enabled', siren }],
    });
  }
  const insurerRows = await db
    .select({ name: insurers.legalName, siren: insurers.siren })
    .from(insurers)
    .where(ne(insurers.siren, ''));
  for (const insurer of insurerRows)
    platform.addDirectoryEntry({
      siren: insurer.siren,
      businessName: insurer.name,
      entityType: 'PrivateVatRegistered',
      administrativeStatus: 'A',
      lines: [
        {
          addressingIdentifier: `0225:${insurer.siren}`,
          platformType: 'WK',
          directoryLineStatus: 'Enabled',
          siren: insurer.siren,
        },
      ],
    });
  const networks = await db
    .selectDistinct({ id: franchises.id })
    .from(companies)
    .innerJoin(franchises, eq(franchises.id, companies.franchiseId))
    .where(and(eq(companies.demo, true), isNotNull(companies.franchiseId)));
  const loose = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.demo, true), isNull(companies.franchiseId)));
  const owners: SettingOwner[] = [
    ...networks.map(({ id }): SettingOwner => ({ level: 'network', franchiseId: id })),
    ...loose.map(({ id }): SettingOwner => ({ level: 'garage', companyId: id })),
  ];
  for (const owner of owners) await connectToTestPlatform(db, key, platform, owner);
}

/** A supplier's invoice as a mere PDF, no structured invoice inside: what the reform ends. */
async function plainScan(supplier: string): Promise<Uint8Array> {
  const { pdf, regular } = await newPdf({ title: 'Facture', author: supplier, at: new Date() });
  pdf.addPage([595, 842]).drawText(`${supplier} — facture scannée`, { x: 50, y: 790, size: 12, font: regular });
  return pdf.save();
}

function demoInvoice(
  supplier: { name: string; siret: string; vatNumber: string },
  garage: { name: string; siren: string },
  number: string,
  lines: SupplierInvoiceSpec['lines'],
): SupplierInvoiceSpec {
  return {
    number,
    issueDay: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
    dueDay: new Date(Date.now() + 27 * 86_400_000).toISOString().slice(0, 10),
    seller: { ...supplier, address: '12 avenue de l’Industrie', postcode: '69100', city: 'Villeurbanne' },
    buyer: { name: garage.name, siren: garage.siren, address: '', postcode: '', city: '' },
    lines,
  };
}

/**
 * Subscribes each demo garage's webhook on this start's address and, the first time, has the platform deliver its
 * supplier invoices: they arrive through the webhook as a real platform's would.
 */
export async function deliverDemoInvoices(app: FastifyInstance, platform: TestPlatform, origin: string): Promise<void> {
  const garages = await app.db
    .select({ id: companies.id, name: companies.name, siret: companies.siret })
    .from(companies)
    .where(and(eq(companies.demo, true), isNotNull(companies.siret)))
    .orderBy(asc(companies.id));
  for (const garage of garages) await testConnection(app, garage.id, `${origin}/api/einvoicing/webhook/${garage.id}`);
  const [received] = await app.db
    .select({ id: platformFlows.id })
    .from(platformFlows)
    .where(
      inArray(
        platformFlows.companyId,
        garages.map((garage) => garage.id),
      ),
    )
    .limit(1);
  if (received) return;
  await sendDemoInvoices(app, platform, garages);
  await reportDemoPeriods(app, platform, garages);
  await settle(app, platform);
  for (const garage of garages) {
    const siren = (garage.siret ?? '').slice(0, 9);
    const [known] = await app.db
      .select({ name: suppliers.name, siret: suppliers.siret, vatNumber: suppliers.vatNumber })
      .from(suppliers)
      .where(and(eq(suppliers.companyId, garage.id), isNotNull(suppliers.siret)))
      .orderBy(asc(suppliers.id))
      .limit(1);
    const regular = {
      name: known?.name ?? 'Saint-Gobain Sekurit',
      siret: known?.siret ?? '',
      vatNumber: known?.vatNumber ?? '',
    };
    const fresh = { name: 'Lubrifiants du Rhône SARL', siret: '42345678900014', vatNumber: 'FR17423456789' };
    const buyer = { name: garage.name, siren };
    const invoices: [[SupplierInvoiceSpec, SupplierSyntax], ...[SupplierInvoiceSpec, SupplierSyntax][]] = [
      [
        demoInvoice(regular, buyer, `FV-${garage.id}-1048`, [
          { name: 'Pare-brise Peugeot 308 III', quantity: 2, unitCents: 21_450, rate: 20 },
          { name: 'Joint de pare-brise', quantity: 2, unitCents: 1_890, rate: 20 },
        ]),
        'Factur-X',
      ],
      [
        demoInvoice(regular, buyer, `FV-${garage.id}-1052`, [
          { name: 'Capteur de pluie Renault Clio V', quantity: 1, unitCents: 8_990, rate: 20 },
        ]),
        'CII',
      ],
      [
        demoInvoice(fresh, buyer, `LR-2026-${garage.id}77`, [
          { name: 'Huile 5W30 (bidon 5 L)', quantity: 6, unitCents: 3_245, rate: 20 },
          { name: 'Guide d’entretien (livre)', quantity: 1, unitCents: 2_400, rate: 5.5 },
        ]),
        'UBL',
      ],
    ];
    for (const [spec, syntax] of invoices) await platform.deliver(siren, await supplierInvoiceFile(spec, syntax));
    // The supplier's software sends its first invoice a second time: refused once, reported.
    await platform.deliver(siren, await supplierInvoiceFile(invoices[0][0], 'UBL'));
    // A supplier still sending a plain PDF: kept « à traiter », its reason said.
    await platform.deliver(siren, { name: `scan-facture-${garage.id}.pdf`, bytes: await plainScan(regular.name) });
  }
  await settle(app, platform);
}

/**
 * Each demo garage's e-reporting since the start of the month before last: every period over is built, deposited and
 * acknowledged; the platform rejects the first one, which waits for its « Corriger et renvoyer » on the page.
 */
async function reportDemoPeriods(
  app: FastifyInstance,
  platform: TestPlatform,
  garages: { id: number; siret: string | null }[],
) {
  const since = periodOf(new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10), 'month').start;
  for (const garage of garages) {
    await queueGarageReports(app.db, garage.id, since);
    platform.rejectNextReport((garage.siret ?? '').slice(0, 9));
    await sendPendingFlows(app.db, app.senders.key);
    await checkAcknowledgements(app.db, app.senders.key, garage.id);
  }
}

/** Every webhook call answered and every reception it started finished: nothing of the demo's writes still running. */
async function settle(app: FastifyInstance, platform: TestPlatform) {
  await platform.idle();
  await app.answeredWork();
}

/**
 * Each demo garage's two latest invoices to an insurer leave through the platform at the first start: both come back
 * « Déposée » then « Mise à disposition », and the insurer approves the first. (No refusal: its alert would open on
 * every demo sign-in.)
 */
async function sendDemoInvoices(
  app: FastifyInstance,
  platform: TestPlatform,
  garages: { id: number; siret: string | null }[],
) {
  for (const garage of garages) {
    const latest = await app.db
      .select({ id: billingDocuments.id, number: billingDocuments.number })
      .from(billingDocuments)
      .where(
        and(
          eq(billingDocuments.companyId, garage.id),
          eq(billingDocuments.type, 'invoice'),
          eq(billingDocuments.billTo, 'insurer'),
          isNotNull(billingDocuments.number),
        ),
      )
      .orderBy(desc(billingDocuments.issuedAt))
      .limit(2);
    for (const invoice of latest) {
      const document = await findDocument(app.db, [garage.id], invoice.id);
      if (document) await originalPdf(app.db, document);
      await queueDeposit(app.db, invoice.id);
    }
    await sendPendingFlows(app.db, app.senders.key);
    const [first] = latest;
    if (first?.number)
      await platform.buyerStatus((garage.siret ?? '').slice(0, 9), first.number, '205').catch(() => undefined);
  }
}
