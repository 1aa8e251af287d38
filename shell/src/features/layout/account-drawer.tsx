import { Avatar, Drawer, Typography, theme } from 'antd';
import { accountLinksFor } from 'contracts';
import { Link } from 'react-router-dom';
import { ThemeSwitch, useSession } from 'shared-ui';
import { accountLogo, type LogoSources } from './account-logo';

interface Props {
  open: boolean;
  onClose: () => void;
  logos: Omit<LogoSources, 'franchiseId'>;
}

/** The account drawer: logo, name, e-mail and the links the user's roles allow. */
export function AccountDrawer({ open, onClose, logos }: Props) {
  const claims = useSession((state) => state.claims);
  const { token } = theme.useToken();
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
        <div style={{ marginTop: 12 }}>
          <ThemeSwitch />
        </div>
      </div>
      <nav aria-label="Liens du compte">
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {links.map((link) => (
            <li key={link.href} style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
              <Link to={link.href} onClick={onClose} style={{ display: 'block', paddingBlock: 10 }}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Drawer>
  );
}
