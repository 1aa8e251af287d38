import { Button, Drawer, Form, Input } from 'antd';
import {
  type GarageUserBody,
  type GarageUserRow,
  garageUserBodySchema,
  grantableRoles,
  type Role,
  USER_INVITED,
  USER_SAVED,
} from 'contracts';
import { useSaveAction, useSession, zodRule } from 'shared-ui';
import { RoleCheckboxes } from '../../../components/role-checkboxes/RoleCheckboxes';
import { saveUser } from '../api/users';

const field = garageUserBodySchema.shape;
const required = (label: string) => ({
  required: true,
  whitespace: true,
  message: `Le champ ${label} est obligatoire`,
});

/** Invites a user into the selected garage, or changes their roles there; only the roles the admin may grant. */
export function UserDrawer({
  user,
  onClose,
  onSaved,
}: {
  user?: GarageUserRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const myRoles = useSession((state) => state.claims?.roles ?? []);
  const grantable = grantableRoles(myRoles);
  // Roles the user holds that the admin may not touch stay visible, greyed out.
  const shown = [...new Set<Role>([...grantable, ...((user?.roles ?? []) as Role[])])];
  const { saving, run } = useSaveAction();
  const save = async (values: GarageUserBody) => {
    const saved = await run(() => saveUser(user?.id ?? 0, user ? { roles: values.roles } : values), {
      done: user ? USER_SAVED : USER_INVITED,
    });
    if (saved) onSaved();
  };
  const title = user ? `${user.firstname} ${user.name}`.trim() || user.email : 'Inviter un utilisateur';
  return (
    <Drawer open title={title} width={480} onClose={onClose} destroyOnHidden>
      <Form<GarageUserBody>
        layout="vertical"
        initialValues={user ? { roles: user.roles as Role[] } : { firstname: '', name: '', email: '', roles: [] }}
        onFinish={(values) => void save(values)}
      >
        {user ? (
          <p>{user.email}</p>
        ) : (
          <>
            <Form.Item label="Prénom" name="firstname" rules={[required('Prénom')]}>
              <Input maxLength={80} autoComplete="off" />
            </Form.Item>
            <Form.Item label="Nom" name="name" rules={[required('Nom')]}>
              <Input maxLength={80} autoComplete="off" />
            </Form.Item>
            <Form.Item label="E-mail" name="email" rules={[required('E-mail'), zodRule(field.email)]}>
              <Input type="email" autoComplete="off" />
            </Form.Item>
          </>
        )}
        <Form.Item label="Rôles dans ce garage" name="roles" rules={[zodRule(field.roles)]} required>
          <RoleCheckboxes
            roles={shown}
            locked={(role) => !grantable.includes(role)}
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {user ? 'Enregistrer' : 'Inviter'}
        </Button>
      </Form>
    </Drawer>
  );
}
