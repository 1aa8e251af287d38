import { ClockCircleOutlined } from '@ant-design/icons';
import { Result, Typography, theme } from 'antd';

/** The spec's "coming soon" page: the only placeholder a page may show until its feature lands. */
export function ComingSoon({ title }: { title: string }) {
  const { token } = theme.useToken();
  return (
    <Result
      icon={<ClockCircleOutlined style={{ color: token.colorPrimary }} />}
      title={
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {title}
        </Typography.Title>
      }
      subTitle="Bientôt disponible : cette page arrive dans une prochaine version."
    />
  );
}
