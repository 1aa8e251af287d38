import { Breadcrumb, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface BreadcrumbEntry {
  title: string;
  href?: string;
}

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons on the right ("Ajouter un produit"…). */
  extra?: ReactNode;
  breadcrumb?: BreadcrumbEntry[];
}

/** The page's one h1, its actions and an optional breadcrumb. */
export function PageHeader({ title, subtitle, extra, breadcrumb }: PageHeaderProps) {
  return (
    <header style={{ marginBottom: 16 }}>
      {breadcrumb && breadcrumb.length > 0 ? (
        <Breadcrumb
          style={{ marginBottom: 8 }}
          items={breadcrumb.map((entry) => ({
            key: entry.title,
            title: entry.href ? <Link to={entry.href}>{entry.title}</Link> : entry.title,
          }))}
        />
      ) : null}
      <Flex justify="space-between" align="center" wrap gap={12}>
        <div>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {title}
          </Typography.Title>
          {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
        </div>
        {extra ? <Flex gap={8}>{extra}</Flex> : null}
      </Flex>
    </header>
  );
}
