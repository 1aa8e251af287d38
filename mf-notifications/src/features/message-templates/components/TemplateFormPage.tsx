import { Skeleton } from 'antd';
import { kindOfType, type MessageTemplateBody, TEMPLATE_NOT_FOUND_MESSAGE, type TemplateKind } from 'contracts';
import { useCallback } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, ErrorState, PageHeader, StatusPanel, useRemoteData, useSaveAction } from 'shared-ui';
import { createTemplate } from '../api/create-template';
import { getTemplate } from '../api/get-template';
import { updateTemplate } from '../api/update-template';
import { TemplateForm } from './TemplateForm';

export const SAVED_MESSAGE = 'Modèle enregistré';

function useSaveTemplate(save: (values: MessageTemplateBody) => Promise<unknown>) {
  const navigate = useNavigate();
  const { saving, run } = useSaveAction();
  const submit = async (values: MessageTemplateBody) => {
    if (await run(() => save(values), { done: SAVED_MESSAGE, failure: 'Le modèle n’a pas pu être enregistré' })) {
      navigate(`/message_template/${kindOfType(values.type)}/list`);
    }
  };
  return { saving, submit };
}

/** /message_template/{mail|sms}/new */
export function NewTemplatePage({ kind }: { kind: TemplateKind }) {
  const { saving, submit } = useSaveTemplate((values) => createTemplate(kind, values));
  return (
    <>
      <PageHeader
        title={kind === 'sms' ? 'Nouveau SMS' : 'Nouveau mail'}
        breadcrumb={[
          { title: kind === 'sms' ? 'Modèles SMS' : 'Modèles mail', href: `/message_template/${kind}/list` },
        ]}
      />
      <TemplateForm
        key={kind}
        initialValues={{
          type: kind === 'sms' ? 'sms' : 'mail',
          subject: '',
          content: '',
          shared: false,
          purpose: null,
        }}
        saving={saving}
        onSubmit={(values) => void submit(values)}
      />
    </>
  );
}

/** /message_template/:id/edit */
export function EditTemplatePage() {
  const id = Number(useParams().id);
  const load = useCallback(() => getTemplate(id), [id]);
  const valid = Number.isInteger(id) && id > 0;
  const { data, error, reload } = useRemoteData(load, valid);
  const { saving, submit } = useSaveTemplate((values) => updateTemplate(id, values));

  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return (
      <StatusPanel
        status="warning"
        title={TEMPLATE_NOT_FOUND_MESSAGE}
        extra={<Link to="/message_template/mail/list">Retour</Link>}
      />
    );
  }
  if (error) return <ErrorState onRetry={() => void reload()} />;
  if (!data) return <Skeleton active />;
  const kind = kindOfType(data.type);
  return (
    <>
      <PageHeader
        title={data.editable ? 'Modifier le modèle' : 'Modèle publié par votre franchiseur'}
        subtitle={data.subject}
        breadcrumb={[
          { title: kind === 'sms' ? 'Modèles SMS' : 'Modèles mail', href: `/message_template/${kind}/list` },
        ]}
      />
      <TemplateForm
        key={data.id}
        initialValues={{
          type: data.type,
          subject: data.subject,
          content: data.content,
          shared: data.shared,
          purpose: data.purpose,
        }}
        editable={data.editable}
        saving={saving}
        onSubmit={(values) => void submit(values)}
      />
    </>
  );
}
