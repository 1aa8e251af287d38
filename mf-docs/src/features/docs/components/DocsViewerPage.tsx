import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Input, Row, Skeleton, Space } from 'antd';
import {
  DOCS_SEARCH_MIN_CHARS,
  DOCS_SEARCH_PLACEHOLDER,
  DOCS_TITLE,
  DOCS_TOC_TITLE,
  filterDocsTree,
  PRINT_BLOCKED_MESSAGE,
} from 'contracts';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ErrorState, PageHeader, useApiQuery, useCan, useFeedback, useSession } from 'shared-ui';
import { getDocsTree } from '../api/get-docs';
import { useContentProtection } from '../hooks/use-content-protection';
import { DocContent } from './DocContent';
import { DocsTree } from './DocsTree';
import { PageEditorDrawer } from './PageEditorDrawer';
import { Watermark } from './Watermark';

// Printed, the page shows only why it is empty.
const PRINT_STYLE = `@media print { .docs-protected { display: none !important; } .docs-print-notice { display: block !important; } }`;

/** /docs and /docs/{pageId}: the protected "Trame des agents verifs". */
export function DocsViewerPage() {
  const params = useParams();
  const selectedId = params.pageId ? Number(params.pageId) : undefined;
  const navigate = useNavigate();
  const feedback = useFeedback();
  const email = useSession((state) => state.claims?.email ?? '');
  const mayEdit = useCan('docsEdit');
  const { data: tree, error, refetch } = useApiQuery('api/docs/tree', getDocsTree);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<'new' | 'page'>();
  const shown = useMemo(() => (tree ? filterDocsTree(tree, query) : []), [tree, query]);
  const area = useRef<HTMLDivElement>(null);
  const { blurred } = useContentProtection(area, (message) => feedback.error(message));
  const highlight = query.trim().length >= DOCS_SEARCH_MIN_CHARS ? query.trim() : '';

  return (
    <>
      <style>{PRINT_STYLE}</style>
      <p className="docs-print-notice" style={{ display: 'none' }}>
        {PRINT_BLOCKED_MESSAGE}
      </p>
      <PageHeader
        title={DOCS_TITLE}
        extra={
          mayEdit ? (
            <Space>
              <Button onClick={() => setEditing('new')}>Nouvelle page</Button>
              {selectedId ? (
                <Button type="primary" onClick={() => setEditing('page')}>
                  Modifier la page
                </Button>
              ) : null}
            </Space>
          ) : null
        }
      />
      <div
        ref={area}
        className="docs-protected"
        data-testid="docs-protected"
        data-blurred={blurred}
        style={{
          userSelect: 'none',
          WebkitUserSelect: 'none',
          filter: blurred ? 'blur(10px)' : undefined,
          transition: 'filter 0.1s',
        }}
      >
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={8}>
            <Card title={DOCS_TOC_TITLE} size="small">
              <Input.Search
                placeholder={DOCS_SEARCH_PLACEHOLDER}
                aria-label="Rechercher dans la trame"
                // Named: antd's search button is an icon alone, unnamed for a screen reader.
                enterButton={<Button aria-label="Lancer la recherche" icon={<SearchOutlined />} />}
                allowClear
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                style={{ marginBottom: 12 }}
              />
              {error ? (
                <ErrorState onRetry={() => void refetch()} />
              ) : !tree ? (
                <Skeleton active paragraph={{ rows: 8 }} />
              ) : shown.length === 0 ? (
                <Empty
                  description={tree.length === 0 ? 'Aucune page pour votre réseau' : 'Aucune page ne correspond'}
                />
              ) : (
                <DocsTree
                  nodes={shown}
                  selectedId={selectedId}
                  expandAll={highlight !== ''}
                  onSelect={(id) => navigate(`/docs/${id}`)}
                />
              )}
            </Card>
          </Col>
          <Col xs={24} lg={16}>
            <Card size="small" style={{ position: 'relative', overflow: 'hidden', minHeight: 320 }}>
              <Watermark email={email} />
              <DocContent pageId={selectedId} highlight={highlight} />
            </Card>
          </Col>
        </Row>
      </div>
      {mayEdit && editing && tree ? (
        <PageEditorDrawer
          pageId={editing === 'page' ? selectedId : undefined}
          tree={tree}
          onClose={() => setEditing(undefined)}
          // The saved page and the table of contents are in the cache already (useDocSaved): show the page.
          onSaved={(id) => {
            setEditing(undefined);
            navigate(`/docs/${id}`, { replace: editing === 'page' });
          }}
        />
      ) : null}
    </>
  );
}
