import { Button, Checkbox, Flex, Spin, Typography } from 'antd';
import { ROLE_LABELS, ROLES, type Role, TWO_FACTOR_POLICY_SAVED } from 'contracts';
import { useCallback, useEffect, useState } from 'react';
import { ErrorState, useRemoteData, useSaveAction } from 'shared-ui';
import { getMfaPolicy, saveMfaPolicy } from './mfa-policy-api';

/**
 * Which roles of one garage must sign in with a second factor: shown on « Mes utilisateurs » for the
 * selected garage, and for each centre of the network on the franchisor's centre list. Read at every sign-in: a
 * holder without a factor configures one at their next sign-in.
 */
export function MfaPolicyForm({ companyId, onSaved }: { companyId: number; onSaved?: () => void }) {
  const load = useCallback(() => getMfaPolicy(companyId), [companyId]);
  const policy = useRemoteData(load);
  const { run, saving } = useSaveAction();
  const [roles, setRoles] = useState<Role[]>([]);
  useEffect(() => setRoles(policy.data?.roles ?? []), [policy.data]);

  if (policy.error) return <ErrorState onRetry={() => void policy.reload()} />;
  if (!policy.data) return <Spin aria-label="Chargement" />;

  const save = async () => {
    const saved = await run(() => saveMfaPolicy(companyId, { roles }), { done: TWO_FACTOR_POLICY_SAVED });
    if (saved) {
      await policy.reload();
      onSaved?.();
    }
  };

  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontSize: 14, marginBottom: 8 }}>
        Rôles qui doivent se connecter avec un code à usage unique, en plus du mot de passe
      </legend>
      <Checkbox.Group
        value={roles}
        onChange={(checked) => setRoles(checked as Role[])}
        options={ROLES.map((role) => ({ label: ROLE_LABELS[role], value: role }))}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(210px, 1fr))', gap: 4 }}
      />
      <Flex gap={12} align="center" wrap style={{ marginTop: 12 }}>
        <Button type="primary" onClick={() => void save()} loading={saving}>
          Enregistrer
        </Button>
        <Typography.Text type="secondary">
          {roles.length === 0
            ? 'Aucun rôle : le mot de passe suffit à tous.'
            : 'Ces utilisateurs configureront leur application à leur prochaine connexion.'}
        </Typography.Text>
      </Flex>
    </fieldset>
  );
}
