import { Button, Form, Skeleton, Space } from 'antd';
import { type CustomerTakeover, type FolderCreateBody, formatPlate } from 'contracts';
import { useNavigate } from 'react-router-dom';
import { ErrorState, useApiQuery, useFeedback, useSaveAction } from 'shared-ui';
import { createFolder, defaultValuesPath, getDefaultValues } from '../../../api/create-folder';
import { FolderFields } from '../../../components/folder-fields/FolderFields';
import type { FolderKind } from './FolderKindChoice';
import { KnownCustomers } from './KnownCustomers';

/** A known customer taken over, as the form's fields: what they hold replaces what was typed, nothing is emptied. */
function takenValues(taken: CustomerTakeover): Partial<FolderCreateBody> {
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(taken)) if (value !== null && value !== '') values[field] = value;
  if (taken.plate) values.plate = formatPlate(taken.plate);
  return values as Partial<FolderCreateBody>;
}

/** Second step of "Nouveau client": the customer, the vehicle and (for a glass claim) the insurance. */
export function FolderCreateForm({ kind, onBack }: { kind: FolderKind; onBack: () => void }) {
  const [form] = Form.useForm<FolderCreateBody>();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const defaults = useApiQuery(defaultValuesPath(), () => getDefaultValues());
  const { saving, run } = useSaveAction();
  const glass = kind === 'glass';
  const typed = {
    plate: Form.useWatch('plate', form),
    phone: Form.useWatch('phone', form),
    email: Form.useWatch('email', form),
    lastName: Form.useWatch('lastName', form),
  };

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
      <KnownCustomers typed={typed} onTake={(taken) => form.setFieldsValue(takenValues(taken))} />
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
