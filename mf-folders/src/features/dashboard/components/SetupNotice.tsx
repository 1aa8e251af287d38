import { Alert } from 'antd';
import { setupProgress } from 'contracts';
import { Link } from 'react-router-dom';
import { useApiQuery, useCan, useSession } from 'shared-ui';
import { dashboardApi } from '../api/dashboard';

/**
 * Said on the dashboard to who sets the garage up, while it cannot issue an invoice yet: « Mise en route » lists what
 * is left. Nothing when the garage is ready (or under TOUT, or for the other roles).
 */
export function SetupNotice() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const mayConfigure = useCan('companySettings');
  const path = mayConfigure && companyId !== 0 ? `api/company/${companyId}/setup` : null;
  const { data } = useApiQuery(path, () => dashboardApi.getSetup(companyId));
  if (!data || data.ready) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={`Le garage ne peut pas encore émettre de facture (mise en route : ${setupProgress(data.items)} faits).`}
      action={<Link to="/company/setup">Voir la mise en route</Link>}
    />
  );
}
