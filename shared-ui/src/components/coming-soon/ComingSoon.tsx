import { StatusPanel } from '../feedback/StatusPanel';

/** The spec's "coming soon" page: the only placeholder a page may show until its feature lands. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <StatusPanel
      status="waiting"
      level={1}
      title={title}
      description="Bientôt disponible : cette page arrive dans une prochaine version."
    />
  );
}
