import { Avatar, Button, Drawer, List, Typography } from 'antd';
import { accountLinksFor } from 'contracts';
import { Link } from 'react-router-dom';
import { useSession } from 'shared-ui';
import { accountLogo, type LogoSources } from './account-logo';

interface Props {
  open: boolean;
  onClose: () => void;
  logos: Omit<LogoSources, 'franchiseId'>;
}

/** The account drawer: logo, name, e-mail and the links the user's roles allow. */
export function AccountDrawer({ open, onClose, logos }: Props) {
  const claims = useSession((state) => state.claims);
  if (!claims) return null;
  const links = accountLinksFor(claims.roles);

  return (
    <Drawer
      title="Mon compte"
      placement="right"
      open={open}
      onClose={onClose}
      width="min(320px, 100vw)"
      styles={{ wrapper: { maxWidth: 320 } }}
    >
      <div style={{ textAlign: 'center', marginBottom: 16 }}>
        <Avatar
          shape="square"
          size={96}
          src={accountLogo({ franchiseId: claims.franchiseId, ...logos })}
          alt="Logo"
          data-testid="account-logo"
        />
        <Typography.Title level={5} style={{ marginTop: 12, marginBottom: 0 }}>
          {claims.name}
        </Typography.Title>
        <Typography.Text type="secondary">{claims.email}</Typography.Text>
      </div>
      <List
        aria-label="Liens du compte"
        dataSource={links}
        renderItem={(link) => (
          <List.Item style={{ paddingBlock: 4 }}>
            <Link to={link.href} onClick={onClose}>
              <Button type="text" tabIndex={-1} style={{ paddingInline: 0 }}>
                {link.label}
              </Button>
            </Link>
          </List.Item>
        )}
      />
    </Drawer>
  );
}
