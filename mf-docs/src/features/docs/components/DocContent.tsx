import { Skeleton, Typography } from 'antd';
import { DOC_PAGE_NOT_FOUND, DOCS_PLACEHOLDER } from 'contracts';
import { useMemo } from 'react';
import { ApiError, ErrorState, formatDateTime, SafeHtml, useApiQuery } from 'shared-ui';
import { getDocPage } from '../api/get-docs';
import { docPagePath } from '../hooks/use-doc-cache';
import { highlightHtml } from '../lib/highlight-html';

/** The selected page: its title and sanitized content, the searched text highlighted. */
export function DocContent({ pageId, highlight }: { pageId: number | undefined; highlight: string }) {
  const { data, error, refetch } = useApiQuery(pageId === undefined ? null : docPagePath(pageId), () =>
    getDocPage(pageId ?? 0),
  );
  const html = useMemo(() => (data ? highlightHtml(data.content, highlight) : ''), [data, highlight]);

  if (pageId === undefined) return <Typography.Paragraph type="secondary">{DOCS_PLACEHOLDER}</Typography.Paragraph>;
  if (error instanceof ApiError && error.status === 404)
    return <Typography.Paragraph type="secondary">{DOC_PAGE_NOT_FOUND}</Typography.Paragraph>;
  if (error) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <article>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {data.title}
      </Typography.Title>
      <SafeHtml html={html} className="docs-content" />
      <Typography.Paragraph type="secondary" style={{ marginTop: 24, fontSize: 12 }}>
        Version {data.version} · mise à jour le {formatDateTime(data.updatedAt)} par {data.updatedBy}
      </Typography.Paragraph>
    </article>
  );
}
