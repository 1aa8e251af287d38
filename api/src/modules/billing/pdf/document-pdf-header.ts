import type { PDFDocument, PDFImage } from '@cantoo/pdf-lib';
import type { VehicleMentions } from 'contracts';
import type { Seller } from '../documents/documents-queries';

// What a printed document shows of its vehicle (mileage with thousands apart) and of the garage (its logo).

const thousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** "Véhicule : Renault Clio V — Immatriculation AB-123-CD — VIN … — Kilométrage : 84 512 km". */
export const vehicleLine = (vehicle: VehicleMentions) =>
  [
    `Véhicule : ${vehicle.vehicle || 'non précisé'}`,
    `Immatriculation ${vehicle.plate}`,
    vehicle.vin ? `VIN ${vehicle.vin}` : '',
    `Kilométrage : ${vehicle.mileage === null ? 'non relevé' : `${thousands(vehicle.mileage)} km`}`,
  ]
    .filter(Boolean)
    .join(' — ');

/** The logo's box, top-left; a smaller image keeps its size (no blurry upscaling). */
export const LOGO_BOX = { width: 160, height: 60 };

/** The garage's logo, when pdf-lib can draw it: PNG or JPEG (a WebP logo is left out). */
export async function embedLogo(pdf: PDFDocument, seller: Seller): Promise<PDFImage | undefined> {
  if (!seller.logoContent) return undefined;
  try {
    if (seller.logoMimeType === 'image/png') return await pdf.embedPng(seller.logoContent);
    if (seller.logoMimeType === 'image/jpeg') return await pdf.embedJpg(seller.logoContent);
  } catch {
    // Only the first bytes were checked at upload: a broken image leaves the invoice without a logo, not unprinted.
  }
  return undefined;
}
