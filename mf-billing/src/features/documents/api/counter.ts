import { type CounterSaleBody, counterSaleSchema, counterVehicleSchema, formatPlate, normalizePlate } from 'contracts';
import { request } from 'shared-ui';

/** POST /api/paiement/counter: the folder, its invoice issued « acquittée » and its payment, in one call. */
export const sellAtCounter = (body: CounterSaleBody) =>
  request('api/paiement/counter', counterSaleSchema, { method: 'post', json: body });

/** The cache key of a plate's lookup: one per plate, however it is typed. */
export const knownVehiclePath = (plate: string) => `api/paiement/counter/vehicle?plate=${normalizePlate(plate)}`;

/** GET /api/paiement/counter/vehicle: a vehicle the garage already worked on (null: unknown). */
export const getKnownVehicle = (plate: string) =>
  request('api/paiement/counter/vehicle', counterVehicleSchema, { searchParams: { plate: formatPlate(plate) } });
