import {
  formatEurosText,
  formatParisDate,
  formatParisDateTime,
  formatPlate,
  GLASS_LABELS,
  REPAIR_LABELS,
} from 'contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocumentLines, billingDocuments, companies, folders } from '../../db/schema';
import { type PdfParagraph, type PdfSignature, renderPdf } from '../../lib/pdf';

/**
 * What a work order names: the garage, the customer (no contact detail), the vehicle with its mileage, and the work:
 * the lines of the folder's latest quote with its number and total, else the repair the folder describes.
 */
export async function workOrderFacts(db: Database, companyIds: number[], folderId: number) {
  const [folder] = await db
    .select({
      id: folders.id,
      number: folders.number,
      civility: folders.civility,
      firstName: folders.firstName,
      lastName: folders.lastName,
      plate: folders.plate,
      brand: folders.brand,
      model: folders.model,
      vin: folders.vin,
      mileage: folders.mileage,
      glass: folders.glass,
      repairKind: folders.repairKind,
      appointmentAt: folders.appointmentAt,
      companyName: companies.name,
      tradeName: companies.tradeName,
      siret: companies.siret,
    })
    .from(folders)
    .innerJoin(companies, eq(companies.id, folders.companyId))
    .where(and(eq(folders.id, folderId), inArray(folders.companyId, companyIds)))
    .limit(1);
  if (!folder) return undefined;
  const [quote] = await db
    .select({
      id: billingDocuments.id,
      number: billingDocuments.number,
      totalAmount: billingDocuments.totalAmount,
    })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.folderId, folderId), eq(billingDocuments.type, 'quotation')))
    .orderBy(desc(billingDocuments.createdAt), desc(billingDocuments.id))
    .limit(1);
  const lines = quote
    ? await db
        .select({ title: billingDocumentLines.title, quantity: billingDocumentLines.quantity })
        .from(billingDocumentLines)
        .where(eq(billingDocumentLines.documentId, quote.id))
        .orderBy(asc(billingDocumentLines.position))
    : [];
  return { ...folder, quote, lines };
}
export type WorkOrderFacts = NonNullable<Awaited<ReturnType<typeof workOrderFacts>>>;

const quantityText = (quantity: number) => String(quantity).replace('.', ',');

/** The work order as a PDF: blank for a paper signature, or signed on screen before the work. */
export function workOrderPdf(facts: WorkOrderFacts, signed?: { name: string; at: Date; png?: Uint8Array }) {
  const garage = facts.tradeName || facts.companyName;
  const customer = [facts.civility, facts.firstName, facts.lastName].filter(Boolean).join(' ');
  const vehicle = [facts.brand, facts.model].filter(Boolean).join(' ');
  const repair = [
    facts.repairKind ? REPAIR_LABELS[facts.repairKind as keyof typeof REPAIR_LABELS] : 'Intervention',
    facts.glass ? `du vitrage (${GLASS_LABELS[facts.glass as keyof typeof GLASS_LABELS].toLowerCase()})` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const works: PdfParagraph[] =
    facts.lines.length > 0
      ? facts.lines.map((line) => ({ text: `- ${line.title} × ${quantityText(line.quantity)}`, gap: 2 }))
      : [{ text: `- ${repair}`, gap: 2 }];
  const signature: PdfSignature = signed
    ? { png: signed.png, caption: `Signé électroniquement par ${signed.name} le ${formatParisDateTime(signed.at)}` }
    : { caption: 'Signature du client, précédée de la mention « Bon pour accord » :' };
  return renderPdf({
    title: 'Ordre de réparation',
    author: garage,
    paragraphs: [
      { text: `${garage}${facts.siret ? ` · SIRET ${facts.siret}` : ''} · Dossier ${facts.number}`, size: 10, gap: 4 },
      { text: 'Client', bold: true, gap: 16 },
      { text: customer || '—', gap: 2 },
      { text: 'Véhicule', bold: true, gap: 12 },
      {
        text: `${formatPlate(facts.plate)}${vehicle ? ` · ${vehicle}` : ''}${facts.vin ? ` · VIN ${facts.vin}` : ''}`,
        gap: 2,
      },
      {
        text: `Kilométrage à l’entrée : ${facts.mileage === null ? '__________ km' : `${String(facts.mileage).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} km`}`,
        gap: 2,
      },
      ...(facts.appointmentAt ? [{ text: `Rendez-vous : ${formatParisDateTime(facts.appointmentAt)}`, gap: 2 }] : []),
      { text: 'Travaux et pièces demandés', bold: true, gap: 12 },
      ...works,
      {
        text: facts.quote
          ? `Selon le devis ${facts.quote.number ?? '(brouillon)'} : ${formatEurosText(facts.quote.totalAmount)} TTC.`
          : 'Prix : selon le devis remis au client.',
        gap: 10,
      },
      {
        text: 'Le client autorise le garage à effectuer les travaux ci-dessus et les essais nécessaires. Tout travail supplémentaire fera l’objet d’un accord préalable du client. Le véhicule est restitué contre paiement des travaux, la part prise en charge par l’assureur restant due par celui-ci.',
        size: 9,
        gap: 14,
      },
      { text: `Fait le ${formatParisDate(signed?.at ?? new Date(), 'long')}.`, gap: 14 },
    ],
    signature,
  });
}
