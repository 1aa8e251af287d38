import { formatPlate, type VehicleMentions } from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { folders } from '../../../db/schema';

/*
 * The vehicle a repair's quote and invoice print (arrêté du 2 mars 1990: plate and mileage with the work): read from
 * the folder, shown live on a draft, frozen in `vehicle_mentions` when the document is issued.
 */

/** The folder columns the mentions and the issue defaults are read from. */
export const FOLDER_VEHICLE = {
  plate: folders.plate,
  brand: folders.brand,
  model: folders.model,
  vin: folders.vin,
  mileage: folders.mileage,
  appointmentAt: folders.appointmentAt,
  claimNumber: folders.claimNumber,
};
export type FolderVehicle = {
  plate: string;
  brand: string | null;
  model: string | null;
  vin: string | null;
  mileage: number | null;
  appointmentAt: Date | null;
  claimNumber: string | null;
};

const joined = (...parts: (string | null | undefined)[]) => parts.filter((part) => part?.trim()).join(' ');

export function vehicleMentionsOf(folder: Pick<FolderVehicle, 'plate' | 'brand' | 'model' | 'vin' | 'mileage'>) {
  return {
    plate: formatPlate(folder.plate),
    vehicle: joined(folder.brand, folder.model),
    vin: folder.vin ?? '',
    mileage: folder.mileage,
  } satisfies VehicleMentions;
}

/** The vehicle facts of a folder of `companyId`, or undefined. */
export async function folderVehicle(
  db: Database | Transaction,
  companyId: number,
  folderId: number,
): Promise<FolderVehicle | undefined> {
  const [row] = await db
    .select(FOLDER_VEHICLE)
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.companyId, companyId)));
  return row;
}
