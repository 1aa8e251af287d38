import { Button, Form, Skeleton, Space } from 'antd';
import type { FolderCreateBody } from 'contracts';
import { useNavigate } from 'react-router-dom';
import { ErrorState, useApiQuery, useFeedback, useSaveAction } from 'shared-ui';
import { createFolder, defaultValuesPath, getDefaultValues } from '../../../api/create-folder';
import { FolderFields } from '../../../components/folder-fields/FolderFields';
import type { FolderKind } from './FolderKindChoice';

/** Second step of "Nouveau client": the customer, the vehicle and (for a glass claim) the insurance. */
export function FolderCreateForm({ kind, onBack }: { kind: FolderKind; onBack: () => void }) {
  const [form] = Form.useForm<FolderCreateBody>();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const defaults = useApiQuery(defaultValuesPath(), () => getDefaultValues());
  const { saving, run } = useSaveAction();
  const glass = kind === 'glass';

  if (defaults.error) return <ErrorState onRetry={() => void defaults.refetch()} />;
  if (!defaults.data) return <Skeleton active paragraph={{ rows: 12 }} />;

  // A refusal keeps what was typed; the server's French message says what to fix.
  const submit = (values: FolderCreateBody) =>
    run(async () => {
      const created = await createFolder(values);
      // The confirmation names the number the server gave.
      feedback.success(`Dossier ${created.number} créé`);
      navigate(`/folder/show/${created.id}`);
    });

  return (
    <Form<FolderCreateBody>
      form={form}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      initialValues={glass ? { glass: 'windscreen', repairKind: 'replacement' } : {}}
      scrollToFirstError
    >
      <FolderFields glass={glass} choices={defaults.data} />
      <Space style={{ marginTop: 16 }}>
        <Button onClick={onBack}>Retour</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          Créer le dossier
        </Button>
      </Space>
    </Form>
  );
}
