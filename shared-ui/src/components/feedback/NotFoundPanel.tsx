import { Link } from 'react-router-dom';
import { StatusPanel } from './StatusPanel';

/**
 * A page with nothing of the caller's at its address (unknown, another garage's, or typed wrong): the reason as the
 * page's title, and the way back to its list.
 */
export function NotFoundPanel({ title, backTo, backLabel }: { title: string; backTo: string; backLabel: string }) {
  return <StatusPanel status="warning" level={1} title={title} extra={<Link to={backTo}>{backLabel}</Link>} />;
}
