import { Skeleton } from 'antd';
import {
  kindOfType,
  type MessageTemplate,
  type MessageTemplateBody,
  TEMPLATE_NOT_FOUND_MESSAGE,
  type TemplateKind,
} from 'contracts';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  ApiError,
  ErrorState,
  PageHeader,
  StatusPanel,
  useApiQuery,
  useInvalidate,
  useSaveAction,
  useStoreAnswer,
} from 'shared-ui';
import { createTemplate } from '../api/create-template';
import { getTemplate } from '../api/get-template';
import { updateTemplate } from '../api/update-template';
import { TemplateForm } from './TemplateForm';

export const SAVED_MESSAGE = 'Modèle enregistré';

const templatePath = (id: number) => `api/message_template/${id}/edit`;

/**
 * Saves, then opens the list of the template's kind. The server answers the template as saved: the page's cache
 * takes it (opened again, the template shows as saved at once), and the lists of templates read again.
 */
function useSaveTemplate(save: (values: MessageTemplateBody) => Promise<MessageTemplate>) {
  const navigate = useNavigate();
  const { saving, run } = useSaveAction();
  const store = useStoreAnswer();
  const invalidate = useInvalidate();
  const submit = async (values: MessageTemplateBody) => {
    const kind = kindOfType(values.type);
    const saved = await run(
      async () => {
        const template = await save(values);
        store(templatePath(template.id), template);
        void invalidate('api/message_template/mail/list', 'api/message_template/sms/list');
      },
      { done: SAVED_MESSAGE, failure: 'Le modèle n’a pas pu être enregistré' },
    );
    if (saved) navigate(`/message_template/${kind}/list`);
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
  const valid = Number.isInteger(id) && id > 0;
  const { data, error, refetch } = useApiQuery(valid ? templatePath(id) : null, () => getTemplate(id));
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
  if (error) return <ErrorState onRetry={() => void refetch()} />;
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
