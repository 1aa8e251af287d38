import { customerHistorySchema, vehicleHistorySchema } from 'contracts';
import { request } from 'shared-ui';

/** GET /api/customer/{folderId}: that folder's customer and their past in my garages. */
export const getCustomerHistory = (folderId: number) => request(`api/customer/${folderId}`, customerHistorySchema);

/** GET /api/vehicle/{plate}: a vehicle (plate or VIN) and its past in my garages. */
export const getVehicleHistory = (plate: string) =>
  request(`api/vehicle/${encodeURIComponent(plate)}`, vehicleHistorySchema);
