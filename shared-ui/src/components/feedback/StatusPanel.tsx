import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
  StopOutlined,
} from '@ant-design/icons';
import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';

export type PanelStatus = 'info' | 'success' | 'warning' | 'error' | 'forbidden' | 'waiting';

export interface StatusPanelProps {
  status?: PanelStatus;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links under the text. */
  extra?: ReactNode;
  /** The title's heading level: 1 when the panel is the page (error pages, coming soon). */
  level?: 1 | 2;
}

/**
 * A page or an area that has only a message to give (error pages, a remote that is down, coming soon):
 * an icon, a title, a text and actions. Not antd's Result, whose 403/404/500 illustrations cost ~10 kB
 * compressed on every visit that can show one.
 */
export function StatusPanel({ status = 'info', title, description, extra, level = 2 }: StatusPanelProps) {
  const { token } = theme.useToken();
  const icons: Record<PanelStatus, ReactNode> = {
    info: <InfoCircleFilled style={{ color: token.colorInfo }} />,
    success: <CheckCircleFilled style={{ color: token.colorSuccess }} />,
    warning: <ExclamationCircleFilled style={{ color: token.colorWarning }} />,
    error: <CloseCircleFilled style={{ color: token.colorError }} />,
    forbidden: <StopOutlined style={{ color: token.colorError }} />,
    waiting: <ClockCircleOutlined style={{ color: token.colorPrimary }} />,
  };
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '48px 24px', textAlign: 'center' }}>
      <span aria-hidden style={{ fontSize: 64, lineHeight: 1 }}>
        {icons[status]}
      </span>
      <Typography.Title level={level} style={{ fontSize: 24, margin: 0 }}>
        {title}
      </Typography.Title>
      {description ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 560 }}>
          {description}
        </Typography.Paragraph>
      ) : null}
      {extra ? <Flex gap={8}>{extra}</Flex> : null}
    </Flex>
  );
}
