import { Skeleton, Typography } from 'antd';
import { DOC_PAGE_NOT_FOUND, DOCS_PLACEHOLDER } from 'contracts';
import { useCallback, useMemo } from 'react';
import { ApiError, ErrorState, formatDateTime, SafeHtml, useRemoteData } from 'shared-ui';
import { getDocPage } from '../api/get-docs';
import { highlightHtml } from '../lib/highlight-html';

/** The selected page: its title and sanitized content, the searched text highlighted. */
export function DocContent({ pageId, highlight }: { pageId: number | undefined; highlight: string }) {
  const load = useCallback(() => getDocPage(pageId ?? 0), [pageId]);
  const { data, error, reload } = useRemoteData(load, pageId !== undefined);
  const html = useMemo(() => (data ? highlightHtml(data.content, highlight) : ''), [data, highlight]);

  if (pageId === undefined) return <Typography.Paragraph type="secondary">{DOCS_PLACEHOLDER}</Typography.Paragraph>;
  if (error instanceof ApiError && error.status === 404)
    return <Typography.Paragraph type="secondary">{DOC_PAGE_NOT_FOUND}</Typography.Paragraph>;
  if (error) return <ErrorState onRetry={() => void reload()} />;
  if (!data || data.id !== pageId) return <Skeleton active paragraph={{ rows: 6 }} />;
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
