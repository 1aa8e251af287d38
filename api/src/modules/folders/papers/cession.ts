import { formatParisDate, formatParisDateTime, formatPlate, GLASS_LABELS, REPAIR_LABELS } from 'contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { companies, folders } from '../../../db/schema';
import { type PdfSignature, renderPdf } from '../../../lib/pdf';

/**
 * What every paper of a folder names (the assignment of claim, the work order, the delivery report): the garage,
 * the customer without contact detail, the vehicle with its mileage, the claim. Undefined outside `companyIds`.
 */
export async function paperIdentity(db: Database | Transaction, companyIds: number[], folderId: number) {
  const [row] = await db
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
      insurer: folders.insurer,
      policyNumber: folders.policyNumber,
      claimNumber: folders.claimNumber,
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
  return row;
}
export const cessionFacts = paperIdentity;
export type CessionFacts = NonNullable<Awaited<ReturnType<typeof cessionFacts>>>;

/** The assignment of claim as a PDF, blank for a paper signature or signed on screen. */
export function cessionPdf(facts: CessionFacts, signed?: { name: string; at: Date; png?: Uint8Array }) {
  const garage = facts.tradeName || facts.companyName;
  const customer = [facts.civility, facts.firstName, facts.lastName].filter(Boolean).join(' ');
  const vehicle = [facts.brand, facts.model].filter(Boolean).join(' ');
  const work = [
    facts.repairKind ? REPAIR_LABELS[facts.repairKind as keyof typeof REPAIR_LABELS] : 'Intervention',
    facts.glass
      ? `du vitrage (${GLASS_LABELS[facts.glass as keyof typeof GLASS_LABELS].toLowerCase()})`
      : 'sur le vitrage',
  ].join(' ');
  const signature: PdfSignature = signed
    ? { png: signed.png, caption: `Signé électroniquement par ${signed.name} le ${formatParisDateTime(signed.at)}` }
    : { caption: 'Signature du client, précédée de la mention « Bon pour cession de créance » :' };
  return renderPdf({
    title: 'Cession de créance',
    author: garage,
    paragraphs: [
      { text: `Dossier ${facts.number}`, size: 10, gap: 4 },
      {
        text: `Je soussigné(e) ${customer}, assuré(e) auprès de ${facts.insurer ?? '—'} sous le contrat n° ${facts.policyNumber ?? '—'}, cède à ${garage}${facts.siret ? ` (SIRET ${facts.siret})` : ''}, qui l’accepte, la créance que je détiens sur mon assureur au titre du sinistre n° ${facts.claimNumber ?? '—'}.`,
        gap: 18,
      },
      {
        text: `Cette créance porte sur : ${work} du véhicule immatriculé ${formatPlate(facts.plate)}${vehicle ? ` (${vehicle})` : ''}.`,
      },
      {
        text: `En conséquence, j’autorise mon assureur à régler directement à ${garage} le montant des travaux dans la limite des garanties de mon contrat, la franchise éventuelle restant à ma charge.`,
      },
      { text: 'Cession consentie conformément aux articles 1321 et suivants du Code civil.', size: 9 },
      { text: `Fait le ${formatParisDate(signed?.at ?? new Date(), 'long')}.`, gap: 18 },
    ],
    signature,
  });
}
