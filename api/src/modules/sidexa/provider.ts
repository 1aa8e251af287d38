import type { SidexaLine, SidexaResult, Variant } from 'contracts';
import { type CatalogueQuery, catalogueLookup, cataloguePrice } from './catalogue/vehicles';

/*
 * Where vehicle data comes from. The product ships its catalogue (./catalogue, no network); a real provider account
 * is reached by the HTTP adapter when SIDEXA_URL is set. Both answer the same shapes (contracts/src/sidexa.ts).
 */

export type VehicleQuery = CatalogueQuery;

/** A vehicle, or the provider's no-result text (shown as it is in the no-results modal). */
export type VehicleAnswer = { found: true; result: SidexaResult } | { found: false; message: string };

export interface PriceQuery {
  registration: string;
  vin: string | null;
  audatex: string;
  /** The lines the lookup answered (every variant of every part). */
  lines: SidexaLine[];
  /** Part codpiece -> the variant picked, already checked against `lines`. */
  selection: Map<string, Variant>;
}

export interface VehicleDataProvider {
  readonly name: string;
  /** The vehicle of a plate (or VIN). Throws `ProviderUnavailableError` when the provider cannot answer. */
  lookup(query: VehicleQuery): Promise<VehicleAnswer>;
  /** The priced lines of the selected parts (labour may stay unpriced: the garage's hourly rate prices it). */
  price(query: PriceQuery): Promise<SidexaLine[]>;
}

/** The provider did not answer, or answered something we cannot read: nothing is stored, the user may retry. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** The catalogue shipped with the product. */
export const catalogueProvider: VehicleDataProvider = {
  name: 'catalogue',
  async lookup(query) {
    return catalogueLookup(query);
  },
  async price(query) {
    return cataloguePrice(query.lines, query.selection);
  },
};
