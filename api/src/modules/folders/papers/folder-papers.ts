import {
  DELIVERY_REPORT_DOCUMENT_TYPE,
  deliverySignBodySchema,
  formatEurosText,
  formatParisDate,
  formatParisDateTime,
  formatPlate,
  GLASS_LABELS,
  REPAIR_LABELS,
  WORK_ORDER_DOCUMENT_TYPE,
  workOrderSignBodySchema,
} from 'contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db';
import { billingDocumentLines, billingDocuments, folderDocuments } from '../../../db/schema';
import { type PdfParagraph, type PdfSignature, renderPdf } from '../../../lib/pdf';
import { paperIdentity } from './cession';

/**
 * What the folder's papers name (work order, delivery report): the garage, the customer (no contact detail), the
 * vehicle with its mileage, the work (the lines of the folder's latest invoice for the delivery, of its latest quote
 * for the order, else the repair the folder describes) and the photos taken after the work.
 */
export async function paperFacts(db: Database, companyIds: number[], folderId: number) {
  const folder = await paperIdentity(db, companyIds, folderId);
  if (!folder) return undefined;
  const [quote, invoice] = await Promise.all([
    latestDocument(db, folderId, 'quotation'),
    latestDocument(db, folderId, 'invoice'),
  ]);
  const photosAfter = await db
    .select({ name: folderDocuments.name })
    .from(folderDocuments)
    .where(and(eq(folderDocuments.folderId, folderId), eq(folderDocuments.typeFile, 'Photo après travaux')));
  return { ...folder, quote, invoice, photosAfter: photosAfter.length };
}
export type PaperFacts = NonNullable<Awaited<ReturnType<typeof paperFacts>>>;

/** The folder's latest document of a type with its lines, or undefined. */
async function latestDocument(db: Database, folderId: number, type: 'quotation' | 'invoice') {
  const [document] = await db
    .select({ id: billingDocuments.id, number: billingDocuments.number, totalAmount: billingDocuments.totalAmount })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.folderId, folderId), eq(billingDocuments.type, type)))
    .orderBy(desc(billingDocuments.createdAt), desc(billingDocuments.id))
    .limit(1);
  if (!document) return undefined;
  const lines = await db
    .select({ title: billingDocumentLines.title, quantity: billingDocumentLines.quantity })
    .from(billingDocumentLines)
    .where(eq(billingDocumentLines.documentId, document.id))
    .orderBy(asc(billingDocumentLines.position));
  return { ...document, lines };
}

const quantityText = (quantity: number) => String(quantity).replace('.', ',');
const thousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

type Signed = { name: string; at: Date; png?: Uint8Array | undefined };

/** The blocks both papers open with: garage and folder, customer, vehicle with its mileage. */
function identity(facts: PaperFacts): PdfParagraph[] {
  const garage = facts.tradeName || facts.companyName;
  const customer = [facts.civility, facts.firstName, facts.lastName].filter(Boolean).join(' ');
  const vehicle = [facts.brand, facts.model].filter(Boolean).join(' ');
  return [
    { text: `${garage}${facts.siret ? ` · SIRET ${facts.siret}` : ''} · Dossier ${facts.number}`, size: 10, gap: 4 },
    { text: 'Client', bold: true, gap: 16 },
    { text: customer || '—', gap: 2 },
    { text: 'Véhicule', bold: true, gap: 12 },
    {
      text: `${formatPlate(facts.plate)}${vehicle ? ` · ${vehicle}` : ''}${facts.vin ? ` · VIN ${facts.vin}` : ''}`,
      gap: 2,
    },
    {
      text: `Kilométrage à l’entrée : ${facts.mileage === null ? '__________ km' : `${thousands(facts.mileage)} km`}`,
      gap: 2,
    },
  ];
}

/** The work as lines (a document's), else the repair the folder describes. */
function works(facts: PaperFacts, document: PaperFacts['quote']): PdfParagraph[] {
  if (document && document.lines.length > 0) {
    return document.lines.map((line) => ({ text: `- ${line.title} × ${quantityText(line.quantity)}`, gap: 2 }));
  }
  const repair = [
    facts.repairKind ? REPAIR_LABELS[facts.repairKind as keyof typeof REPAIR_LABELS] : 'Intervention',
    facts.glass ? `du vitrage (${GLASS_LABELS[facts.glass as keyof typeof GLASS_LABELS].toLowerCase()})` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return [{ text: `- ${repair}`, gap: 2 }];
}

const signatureOf = (signed: Signed | undefined, blank: string): PdfSignature =>
  signed
    ? { png: signed.png, caption: `Signé électroniquement par ${signed.name} le ${formatParisDateTime(signed.at)}` }
    : { caption: blank };

/** The work order as a PDF: blank for a paper signature, or signed on screen before the work. */
export function workOrderPdf(facts: PaperFacts, signed?: Signed) {
  return renderPdf({
    title: 'Ordre de réparation',
    author: facts.tradeName || facts.companyName,
    paragraphs: [
      ...identity(facts),
      ...(facts.appointmentAt ? [{ text: `Rendez-vous : ${formatParisDateTime(facts.appointmentAt)}`, gap: 2 }] : []),
      { text: 'Travaux et pièces demandés', bold: true, gap: 12 },
      ...works(facts, facts.quote),
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
    signature: signatureOf(signed, 'Signature du client, précédée de la mention « Bon pour accord » :'),
  });
}

/** The delivery report as a PDF: the works done, the photos after work, the customer's reservations, signed. */
export function deliveryReportPdf(facts: PaperFacts, signed?: Signed & { reserves?: string | undefined }) {
  const done = facts.invoice ?? facts.quote;
  const reserves = signed?.reserves?.trim();
  return renderPdf({
    title: 'Procès-verbal de livraison',
    author: facts.tradeName || facts.companyName,
    paragraphs: [
      ...identity(facts),
      { text: 'Travaux réalisés', bold: true, gap: 12 },
      ...works(facts, done),
      ...(facts.invoice
        ? [
            {
              text: `Facture ${facts.invoice.number ?? '(brouillon)'} : ${formatEurosText(facts.invoice.totalAmount)} TTC.`,
              gap: 10,
            },
          ]
        : []),
      {
        text: `Photos après travaux jointes au dossier : ${facts.photosAfter}.`,
        gap: 10,
      },
      { text: 'Réserves du client', bold: true, gap: 12 },
      { text: signed ? reserves || 'Sans réserve.' : '______________________________________________', gap: 2 },
      {
        text: 'Le client reconnaît avoir repris son véhicule après les travaux ci-dessus, vérifié leur exécution et reçu les explications utiles. Les réserves écrites ci-dessus sont à la charge du garage de les traiter.',
        size: 9,
        gap: 14,
      },
      { text: `Fait le ${formatParisDate(signed?.at ?? new Date(), 'long')}.`, gap: 14 },
    ],
    signature: signatureOf(signed, 'Signature du client à la reprise du véhicule :'),
  });
}

/** Each paper of a folder: its path, what it prints, the document it becomes once signed. */
export const FOLDER_PAPERS = [
  {
    slug: 'work-order',
    what: 'The work order (garage, customer, vehicle and mileage, the latest quote’s works and parts with its total)',
    body: workOrderSignBodySchema,
    render: (facts: PaperFacts, signed?: Signed & { reserves?: string | undefined }) => workOrderPdf(facts, signed),
    typeFile: WORK_ORDER_DOCUMENT_TYPE,
    fileName: (number: string) => `ordre-de-reparation-${number}`,
    signedName: (signer: string) => `Ordre de réparation signé par ${signer}`,
  },
  {
    slug: 'delivery-report',
    what: 'The delivery report (the works done after the latest invoice, the photos after work, the customer’s reservations)',
    body: deliverySignBodySchema,
    render: (facts: PaperFacts, signed?: Signed & { reserves?: string | undefined }) =>
      deliveryReportPdf(facts, signed),
    typeFile: DELIVERY_REPORT_DOCUMENT_TYPE,
    fileName: (number: string) => `proces-verbal-de-livraison-${number}`,
    signedName: (signer: string) => `Procès-verbal de livraison signé par ${signer}`,
  },
] as const;
