import { Button, Drawer, Form, Input, InputNumber, List, Select, Skeleton, Space, Tabs } from 'antd';
import type { DocNode, DocPageBody, DocVersion } from 'contracts';
import { formatDateTime, RichTextEditor, useApiQuery, useFeedback, useSaveAction } from 'shared-ui';
import { getDocVersions, restoreDocVersion, saveDocPage } from '../api/edit-docs';
import { getDocPage } from '../api/get-docs';
import { docPagePath, useDocSaved } from '../hooks/use-doc-cache';
import { parentOptions } from './page-options';

interface Props {
  /** The page to edit; undefined for a new page. */
  pageId: number | undefined;
  tree: DocNode[];
  onClose: () => void;
  onSaved: (id: number) => void;
}

function Versions({ pageId, onRestored }: { pageId: number; onRestored: (id: number) => void }) {
  const { data } = useApiQuery(`${docPagePath(pageId)}/versions`, () => getDocVersions(pageId));
  const feedback = useFeedback();
  const docSaved = useDocSaved();
  const restore = async (version: DocVersion) => {
    if (
      !(await feedback.confirm({
        title: `Restaurer la version ${version.version} ?`,
        content: 'Elle devient la version la plus récente ; les autres restent disponibles.',
        okText: 'Restaurer',
      }))
    )
      return;
    try {
      docSaved(await restoreDocVersion(pageId, version.version));
      feedback.success(`Version ${version.version} restaurée`);
      onRestored(pageId);
    } catch (error) {
      feedback.error(error);
    }
  };
  if (!data) return <Skeleton active />;
  return (
    <List
      dataSource={data}
      renderItem={(version, index) => (
        <List.Item
          data-testid="doc-version"
          actions={
            index === 0
              ? []
              : [
                  <Button key="restore" size="small" onClick={() => void restore(version)}>
                    Restaurer
                  </Button>,
                ]
          }
        >
          <List.Item.Meta
            title={`Version ${version.version} · ${version.title}`}
            description={`${formatDateTime(version.editedAt)} · ${version.editedBy}`}
          />
        </List.Item>
      )}
    />
  );
}

/** Super admins and franchisors write the script: title, content, place in the tree, versions. */
export function PageEditorDrawer({ pageId, tree, onClose, onSaved }: Props) {
  const [form] = Form.useForm<DocPageBody>();
  const { saving, run } = useSaveAction();
  const { data: page } = useApiQuery(pageId === undefined ? null : docPagePath(pageId), () => getDocPage(pageId ?? 0));
  const docSaved = useDocSaved();

  const save = async (values: DocPageBody) => {
    let savedId = 0;
    const saved = await run(
      async () => {
        const answer = await saveDocPage(pageId, { ...values, parentId: values.parentId ?? null });
        docSaved(answer);
        savedId = answer.id;
      },
      { done: pageId ? 'Page enregistrée (nouvelle version)' : 'Page créée' },
    );
    if (saved) onSaved(savedId);
  };

  const editor =
    pageId !== undefined && !page ? (
      <Skeleton active />
    ) : (
      <Form<DocPageBody>
        form={form}
        layout="vertical"
        initialValues={
          page
            ? { title: page.title, content: page.content, parentId: page.parentId, position: page.position }
            : { title: '', content: '', parentId: null, position: 0 }
        }
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="title"
          label="Titre"
          rules={[{ required: true, whitespace: true, message: 'Le titre est obligatoire' }]}
        >
          <Input maxLength={120} />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="parentId" label="Page parente" style={{ minWidth: 320 }}>
            <Select
              allowClear
              placeholder="Aucune (premier niveau)"
              options={parentOptions(tree, pageId)}
              showSearch
              optionFilterProp="label"
            />
          </Form.Item>
          <Form.Item name="position" label="Ordre">
            <InputNumber min={0} max={10_000} />
          </Form.Item>
        </Space>
        <Form.Item name="content" label="Contenu">
          <RichTextEditor label="Contenu de la page" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Enregistrer
        </Button>
      </Form>
    );

  return (
    <Drawer open title={pageId ? 'Modifier la page' : 'Nouvelle page'} width={720} onClose={onClose} destroyOnHidden>
      {pageId ? (
        <Tabs
          items={[
            { key: 'edit', label: 'Contenu', children: editor },
            { key: 'versions', label: 'Versions', children: <Versions pageId={pageId} onRestored={onSaved} /> },
          ]}
        />
      ) : (
        editor
      )}
    </Drawer>
  );
}
