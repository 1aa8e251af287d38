import { Typography } from 'antd';
import { type DirectoryLookup, directoryHint, directoryLookupSchema } from 'contracts';
import { useApiQuery } from '../../hooks/use-api-query';
import { request } from '../../runtime/http';

/** What the directory says of a SIREN, in one line: green when the buyer receives e-invoices. */
export function DirectoryHintText({ lookup }: { lookup: DirectoryLookup }) {
  return (
    <Typography.Text type={lookup.state === 'receives' ? 'success' : 'secondary'} role="status">
      {directoryHint(lookup)}
    </Typography.Text>
  );
}

/**
 * Under a business buyer's or an insurer's SIREN: whether it receives e-invoices and at which address, from the
 * directory of the garage's approved platform (the server keeps the answer a day). Nothing until 9 digits are typed.
 */
export function DirectoryHint({ companyId, siren }: { companyId: number; siren: string | undefined | null }) {
  const digits = (siren ?? '').replace(/\s/g, '');
  const path =
    companyId > 0 && /^\d{9}$/.test(digits) ? `api/company/${companyId}/einvoicing/directory/${digits}` : null;
  const lookup = useApiQuery(path, () => request(path ?? '', directoryLookupSchema), { staleTime: 3_600_000 });
  return lookup.data ? <DirectoryHintText lookup={lookup.data} /> : null;
}
