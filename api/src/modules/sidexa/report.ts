import {
  formatEurosText,
  formatParisDateTime,
  formatPlate,
  SIDEXA_HOUR_UNIT,
  SIDEXA_STATE_LABELS,
  type SidexaLine,
  type SidexaState,
  VEHICLE_FIELD_LABELS,
  type VehicleField,
} from 'contracts';
import { type PdfParagraph, renderPdf } from '../../lib/pdf';
import type { ReportFacts } from './repository';

const NUMBER = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

const lineAmount = (line: SidexaLine) =>
  line.preTaxAmount === null ? null : Math.round(line.quantity * line.preTaxAmount);

function lineText(line: SidexaLine): string {
  const reference = line.details ? ` (${line.details})` : '';
  const hours = line.unit === SIDEXA_HOUR_UNIT;
  const quantity = hours ? `${NUMBER.format(line.quantity)} h` : `${NUMBER.format(line.quantity)} ×`;
  const amount = lineAmount(line);
  if (amount === null && line.variants.length > 1) {
    const choices = line.variants
      .map((variant) => `${variant.label}, ${variant.euroCode}, ${formatEurosText(variant.preTaxAmount)} HT`)
      .join(' ; ');
    return `${line.title} : variante à choisir parmi : ${choices}`;
  }
  if (amount === null) return `${line.title}${reference} : ${quantity}, à chiffrer au taux horaire du garage`;
  const unitPrice = formatEurosText(line.preTaxAmount ?? 0);
  return `${line.title}${reference} : ${quantity} ${hours ? 'à ' : ''}${unitPrice} HT, soit ${formatEurosText(amount)} HT`;
}

/** The PDF report of a lookup: who searched what and when, the vehicle's identity, then its parts and prices. */
export function lookupReportPdf(facts: ReportFacts): Promise<Uint8Array> {
  const { lookup } = facts;
  const garage = facts.tradeName || facts.garage;
  const plate = formatPlate(lookup.registration);
  const vehicle = lookup.vehicle;
  const priced = lookup.pricedLines !== null;
  const lines = lookup.pricedLines ?? lookup.lines ?? [];
  const paragraphs: PdfParagraph[] = [
    { text: `${garage} · Dossier ${facts.number}${facts.customer ? ` · ${facts.customer}` : ''}`, size: 10, gap: 4 },
    {
      text: `Recherche du ${formatParisDateTime(lookup.createdAt, 'long')}${facts.searchedBy ? ` par ${facts.searchedBy}` : ''} · ${lookup.units} unité consommée · ${SIDEXA_STATE_LABELS[lookup.status as SidexaState] ?? lookup.status}`,
      size: 10,
      gap: 2,
    },
    { text: 'Identification du véhicule', size: 13, bold: true, gap: 16 },
  ];
  if (vehicle) {
    for (const [field, label] of Object.entries(VEHICLE_FIELD_LABELS) as [VehicleField, string][]) {
      const value = vehicle[field];
      if (value === null || value === '') continue;
      paragraphs.push({ text: `${label} : ${value}`, size: 10, gap: 2 });
    }
    paragraphs.push({
      text: vehicle.vinIdentified
        ? 'Identifié par le numéro de série (VIN) : une pièce par emplacement.'
        : 'Identifié par l’immatriculation : une variante est à choisir pour chaque pièce.',
      size: 10,
      gap: 6,
    });
    if (vehicle.options.length) {
      paragraphs.push({ text: `Équipements : ${vehicle.options.join(', ')}.`, size: 10, gap: 6 });
    }
  } else {
    paragraphs.push({ text: `Immatriculation : ${plate}`, size: 10, gap: 2 });
    paragraphs.push({ text: lookup.message ?? 'Aucune donnée véhicule.', size: 10, gap: 6 });
  }
  paragraphs.push({
    text: priced ? 'Pièces retenues et prix' : 'Pièces et prix proposés',
    size: 13,
    bold: true,
    gap: 16,
  });
  if (lines.length === 0) paragraphs.push({ text: 'Aucune pièce.', size: 10, gap: 4 });
  for (const line of lines) paragraphs.push({ text: `– ${lineText(line)}`, size: 10, gap: 4 });
  const amounts = lines.map(lineAmount);
  if (lines.length && amounts.every((amount) => amount !== null)) {
    const total = amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);
    paragraphs.push({ text: `Total hors taxes : ${formatEurosText(total)}`, bold: true, gap: 12 });
  }
  paragraphs.push({
    text: 'Prix hors taxes, indicatifs, issus du fournisseur de données véhicule ; main-d’œuvre au taux horaire du garage.',
    size: 8,
    gap: 18,
  });
  return renderPdf({ title: `Rapport Sidexa ${plate}`, author: garage, paragraphs });
}
