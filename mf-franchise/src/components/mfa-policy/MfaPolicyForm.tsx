import { Button, Flex, Spin, Typography } from 'antd';
import { ROLES, type Role, TWO_FACTOR_POLICY_SAVED } from 'contracts';
import { useState } from 'react';
import { ErrorState, useApiQuery, useSaveAction, useStoreAnswer } from 'shared-ui';
import { RoleCheckboxes } from '../role-checkboxes/RoleCheckboxes';
import { getMfaPolicy, saveMfaPolicy } from './mfa-policy-api';

/**
 * Which roles of one garage must sign in with a second factor: shown on « Mes utilisateurs » for the
 * selected garage, and for each centre of the network on the franchisor's centre list. Read at every sign-in: a
 * holder without a factor configures one at their next sign-in.
 */
export function MfaPolicyForm({ companyId, onSaved }: { companyId: number; onSaved?: () => void }) {
  const path = `api/company/${companyId}/mfa-policy`;
  const policy = useApiQuery(path, () => getMfaPolicy(companyId));
  const store = useStoreAnswer();
  const { run, saving } = useSaveAction();
  // What the user ticked since the last save; until then, the policy as the server gave it (a later read of it
  // never undoes a tick).
  const [ticked, setTicked] = useState<Role[]>();
  const roles = ticked ?? policy.data?.roles ?? [];

  if (policy.error) return <ErrorState onRetry={() => void policy.refetch()} />;
  if (!policy.data) return <Spin aria-label="Chargement" />;

  const save = async () => {
    // The server answers the policy as saved: shown as is, without reading it again.
    const saved = await run(async () => store(path, await saveMfaPolicy(companyId, { roles })), {
      done: TWO_FACTOR_POLICY_SAVED,
    });
    if (!saved) return;
    setTicked(undefined);
    onSaved?.();
  };

  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontSize: 14, marginBottom: 8 }}>
        Rôles qui doivent se connecter avec un code à usage unique, en plus du mot de passe
      </legend>
      <RoleCheckboxes
        roles={ROLES}
        value={roles}
        onChange={setTicked}
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
