import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';
import { type GarageUserRow, TWO_FACTOR_RESET_DONE } from 'contracts';
import { useSaveAction } from 'shared-ui';
import { resetTwoFactor } from '../api/users';

/**
 * A super admin's way out for a user who lost their phone and their recovery codes: the second factor removed
 * (written in the garage's event log); the user signs in with the password and configures it again where required.
 */
export function ResetTwoFactorButton({ user, onReset }: { user: GarageUserRow; onReset: () => void }) {
  const { run, isSaving } = useSaveAction();
  const reset = async () => {
    if (await run(() => resetTwoFactor(user.id), { key: user.id, done: TWO_FACTOR_RESET_DONE })) onReset();
  };
  return (
    <Popconfirm
      title={`Réinitialiser la double authentification de ${user.email} ?`}
      description="À faire seulement après avoir vérifié son identité : l’action est inscrite au journal du garage."
      okText="Réinitialiser"
      cancelText="Annuler"
      onConfirm={() => void reset()}
    >
      <Tooltip title="Réinitialiser la double authentification">
        <Button
          type="text"
          icon={<SafetyCertificateOutlined />}
          loading={isSaving(user.id)}
          aria-label={`Réinitialiser la double authentification de ${user.email}`}
        />
      </Tooltip>
    </Popconfirm>
  );
}
