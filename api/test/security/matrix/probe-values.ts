import { type OwnerRecords, PDF, today } from './owner-records';

/** The values the probes put in their calls: periods, paging, bodies valid for the owner's records. */
export const period = () => ({ from: today(), to: today() });
export const lastYear = () => {
  const now = new Date();
  return {
    from: new Date(now.getTime() - 365 * 86_400_000).toISOString(),
    to: new Date(now.getTime() + 86_400_000).toISOString(),
  };
};
export const week = () => {
  const from = new Date();
  from.setUTCHours(0, 0, 0, 0);
  return { from: from.toISOString(), to: new Date(from.getTime() + 7 * 86_400_000).toISOString() };
};
export const paging = { pageSize: 100 };
/** Both: an Excel file is read cell by cell (its zipped bytes show nothing). */
export const EXPORT_FORMATS = ['csv', 'xlsx'];
export const folder = (r: OwnerRecords) => ({ id: r.folderId });
export const documentBody = (r: OwnerRecords) => ({
  folderId: r.folderId,
  customer: { name: 'Client Essai', address: '3 place Bellecour', postalCode: '69002', city: 'Lyon' },
  lines: [{ title: 'Pare-brise', quantity: 1, preTaxAmount: '100,00', position: 1, product: r.productId }],
});
export const pdfFile = () => new Blob([new Uint8Array(PDF)], { type: 'application/pdf' });
export const FOLDER_CLOSE = {
  status: 'close',
  assured: 1,
  docmqt: 1,
  franchise: 1,
  ctvalid: 1,
  primeInvalid: 1,
  isNbKm: 1,
  travaux: 1,
};
