import { z } from 'zod';
import { DOCUMENT_TYPES } from './billing';
import { DOCUMENT_STATUSES } from './document-status';
import { PAYMENT_METHODS } from './payment-methods';

/*
 * A customer's and a vehicle's past: every folder, quote, invoice, credit note, payment, appointment and
 * photo of the caller's garages for that customer or that vehicle. A folder holds its customer and vehicle (there is
 * no customer file to keep apart from the folders): a customer is recognised by the folders sharing its mobile or
 * landline number (its last nine digits) or its e-mail; a vehicle by its plate or its VIN.
 */

export const historyFolderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  garage: z.string(),
  customer: z.string(),
  plate: z.string(),
  vehicle: z.string(),
  status: z.object({ label: z.string(), color: z.string() }),
  createdAt: z.string(),
  appointmentAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type HistoryFolder = z.infer<typeof historyFolderSchema>;

export const historyDocumentSchema = z.object({
  id: z.number().int(),
  folderId: z.number().int(),
  type: z.enum(DOCUMENT_TYPES),
  /** Null for a draft. */
  number: z.string().nullable(),
  status: z.enum(DOCUMENT_STATUSES),
  issuedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Cents, tax included. */
  totalAmount: z.number().int(),
  paidAmount: z.number().int(),
});
export type HistoryDocument = z.infer<typeof historyDocumentSchema>;

export const historyPaymentSchema = z.object({
  id: z.number().int(),
  folderId: z.number().int(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string().nullable(),
  /** Cents; negative for a cancellation. */
  amount: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  paidOn: z.string(),
});
export type HistoryPayment = z.infer<typeof historyPaymentSchema>;

export const historyPhotoSchema = z.object({
  id: z.number().int(),
  folderId: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
});
export type HistoryPhoto = z.infer<typeof historyPhotoSchema>;

const pastSchema = z.object({
  folders: z.array(historyFolderSchema),
  documents: z.array(historyDocumentSchema),
  payments: z.array(historyPaymentSchema),
  photos: z.array(historyPhotoSchema),
});

/**
 * An entry of a garage's customer file imported from its former software (« Fichier importé »): the customer, the city
 * and the vehicles it had there. No contact detail: those are read on « Nouveau client » (« Reprendre »).
 */
export const importedCustomerSchema = z.object({
  garage: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  vehicles: z.array(
    z.object({
      plate: z.string(),
      vehicle: z.string(),
      vin: z.string().nullable(),
      mileage: z.number().int().nullable(),
    }),
  ),
  importedAt: z.string(),
});
export type ImportedCustomer = z.infer<typeof importedCustomerSchema>;

/** `GET /api/customer/{folderId}`: the customer of that folder, across the caller's garages. */
export const customerHistorySchema = pastSchema.extend({
  /** The same customer (phone or e-mail) in the caller's garages' imported customer files. */
  imported: z.array(importedCustomerSchema),
  customer: z.object({ name: z.string(), since: z.string() }),
  vehicles: z.array(z.object({ plate: z.string(), vehicle: z.string(), folderId: z.number().int() })),
});
export type CustomerHistory = z.infer<typeof customerHistorySchema>;

/** `GET /api/vehicle/{plate}`: a vehicle by its plate (letters and digits, any dashes) or VIN. */
export const vehicleHistorySchema = pastSchema.extend({
  vehicle: z.object({ plate: z.string(), vehicle: z.string(), vin: z.string().nullable() }),
  customers: z.array(z.object({ name: z.string(), folderId: z.number().int() })),
  /** The vehicle (plate or VIN) in the caller's garages' imported customer files, with its owner there. */
  imported: z.array(importedCustomerSchema),
});
export type VehicleHistory = z.infer<typeof vehicleHistorySchema>;

export const vehicleParamsSchema = z.object({
  plate: z
    .string()
    .trim()
    .min(2, 'Plaque ou VIN trop court')
    .max(32, 'Plaque ou VIN trop long')
    .transform((value) => value.toUpperCase().replace(/[^A-Z0-9]/g, ''))
    .refine((value) => value.length >= 2, 'Plaque ou VIN invalide'),
});
export const VEHICLE_NOT_FOUND = 'Ni dossier ni fiche importée de vos garages pour ce véhicule';
