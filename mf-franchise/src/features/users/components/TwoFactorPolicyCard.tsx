import { Card, Typography } from 'antd';
import { MfaPolicyForm } from '../../../components/mfa-policy/MfaPolicyForm';

/** « Mes utilisateurs »: which roles of the selected garage must sign in with a second factor. */
export function TwoFactorPolicyCard({ companyId }: { companyId: number }) {
  return (
    <section aria-labelledby="two-factor-policy" style={{ marginTop: 32 }}>
      <Typography.Title level={2} id="two-factor-policy" style={{ fontSize: 18 }}>
        Double authentification obligatoire
      </Typography.Title>
      {companyId === 0 ? (
        <Typography.Paragraph type="secondary">
          Sélectionnez un garage en haut à gauche pour choisir les rôles qui doivent l’utiliser.
        </Typography.Paragraph>
      ) : (
        // On its card, as the two lists above it: a section of the page, not text under the last table.
        <Card>
          <MfaPolicyForm companyId={companyId} />
        </Card>
      )}
    </section>
  );
}
