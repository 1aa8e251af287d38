import { Button, Drawer, Form, Skeleton, Space } from 'antd';
import { deductibleFormValues, type FolderDetail, type FolderUpdateBody } from 'contracts';
import { ErrorState, useApiQuery, useSaveAction } from 'shared-ui';
import { defaultValuesPath, getDefaultValues } from '../../../api/create-folder';
import { FolderFields } from '../../../components/folder-fields/FolderFields';
import { updateFolder } from '../api/update-folder';

/** The folder's fields as the form starts them: contact details are never sent to the browser, so they start empty. */
const initialValues = (folder: FolderDetail): FolderUpdateBody => ({
  civility: (folder.civility as FolderUpdateBody['civility']) ?? undefined,
  firstName: folder.firstName,
  lastName: folder.lastName,
  city: folder.city ?? undefined,
  plate: folder.plate,
  brand: folder.brand ?? undefined,
  model: folder.model ?? undefined,
  vin: folder.vin ?? undefined,
  mileage: folder.mileage ?? undefined,
  insurerId: folder.insurerId ?? undefined,
  policyNumber: folder.policyNumber ?? undefined,
  claimNumber: folder.claimNumber ?? undefined,
  ...deductibleFormValues(folder.deductible),
  glass: folder.glass ?? undefined,
  repairKind: folder.repairKind ?? undefined,
  knownById: folder.knownBy?.id,
  technicianId: folder.technician?.id,
});

/** "Modifier le dossier": the same fields as a new folder, each change written to the history by the server. */
export function EditFolderDrawer({
  folder,
  open,
  onClose,
  onSaved,
}: {
  folder: FolderDetail;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<FolderUpdateBody>();
  const { saving, run } = useSaveAction();
  // The choices of the folder's garage, read when the drawer opens.
  const choices = useApiQuery(open ? defaultValuesPath(folder.companyId) : null, () =>
    getDefaultValues(folder.companyId),
  );

  const save = async (values: FolderUpdateBody) => {
    const saved = await run(() => updateFolder(folder.id, values), { done: 'Dossier enregistré' });
    if (!saved) return;
    onSaved();
    onClose();
  };

  return (
    <Drawer
      title="Modifier le dossier"
      open={open}
      onClose={onClose}
      width="min(1100px, 100vw)"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>Annuler</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            Enregistrer
          </Button>
        </Space>
      }
    >
      {choices.error ? <ErrorState onRetry={() => void choices.refetch()} /> : null}
      {!choices.data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Form<FolderUpdateBody>
          form={form}
          layout="vertical"
          initialValues={initialValues(folder)}
          // Fields the form does not show (the claim of a repair folder) are sent as they were, not cleared.
          onFinish={(values) => void save({ ...initialValues(folder), ...values })}
          scrollToFirstError
        >
          <FolderFields
            glass={folder.glass !== null || Boolean(folder.insurer || folder.claimNumber || folder.policyNumber)}
            choices={choices.data}
            keptContacts={{ phone: folder.hasPhone, email: folder.hasEmail, address: folder.hasAddress }}
          />
        </Form>
      )}
    </Drawer>
  );
}
