import { Typography } from 'antd';
import { type DirectoryLookup, directoryHint, directoryLookupSchema } from 'contracts';
import { useApiQuery } from '../../hooks/use-api-query';
import { request } from '../../runtime/http';

/**
 * What the directory says of a SIREN, in one line, a check mark when the buyer receives e-invoices (the text keeps
 * the body colour: antd's green and grey on white fail the contrast check).
 */
export function DirectoryHintText({ lookup }: { lookup: DirectoryLookup }) {
  return (
    <Typography.Text role="status">
      {lookup.state === 'receives' ? '✓ ' : ''}
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
