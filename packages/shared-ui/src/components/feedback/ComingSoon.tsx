import { ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

export interface ComingSoonProps {
  /** Title of the page that is not ready yet. */
  title: string;
  backHref?: string;
}

/** Placeholder the shell shows for routes whose page is not built yet. */
export function ComingSoon({ title, backHref = '/' }: ComingSoonProps) {
  const navigate = useNavigate();
  return (
    <Result
      icon={<ToolOutlined aria-hidden />}
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>}
      subTitle="Bientôt disponible"
      extra={
        <Button type="primary" onClick={() => navigate(backHref)}>
          Retour au tableau de bord
        </Button>
      }
    />
  );
}
