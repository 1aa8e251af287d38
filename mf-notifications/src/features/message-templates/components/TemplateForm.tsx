import { Alert, Button, Checkbox, Flex, Form, type FormInstance, Input, Select, Tooltip } from 'antd';
import {
  CONTENT_REQUIRED_MESSAGE,
  FOLDER_PLACEHOLDER,
  htmlToText,
  kindOfType,
  MESSAGE_TYPE_LABELS,
  MESSAGE_TYPES,
  type MessageTemplateBody,
  purposeTemplateType,
  SMS_PLACEHOLDERS,
  SUBJECT_REQUIRED_MESSAGE,
  TEMPLATE_PURPOSE_LABELS,
  TEMPLATE_PURPOSES,
  TEMPLATE_READ_ONLY,
  type TemplatePurpose,
  TYPE_REQUIRED_MESSAGE,
} from 'contracts';
import { htmlToSmsText, RichTextEditor, requiredChoice, SmsTemplateField, smsTextToHtml, useCan } from 'shared-ui';
import { withPlaceholder } from './with-placeholder';

export interface TemplateFormProps {
  initialValues: MessageTemplateBody;
  saving: boolean;
  onSubmit: (values: MessageTemplateBody) => void;
  /** False for a template the franchisor publishes: shown, not editable. */
  editable?: boolean;
}

const SUBJECT_RULES = [
  { required: true, whitespace: true, message: SUBJECT_REQUIRED_MESSAGE },
  { max: 200, message: 'Le sujet ne doit pas dépasser 200 caractères' },
];

const contentRule = {
  validator: (_: unknown, value: string | undefined) =>
    htmlToText(value ?? '').trim() ? Promise.resolve() : Promise.reject(new Error(CONTENT_REQUIRED_MESSAGE)),
};

/** One button per placeholder of an SMS (#CLIENT#, #DATE#…): a click adds it to the text, its meaning in the tooltip. */
function PlaceholderButtons({ form }: { form: FormInstance<MessageTemplateBody> }) {
  return (
    <Form.Item label="Insérer">
      <Flex gap={8} wrap>
        {Object.entries(SMS_PLACEHOLDERS).map(([placeholder, meaning]) => (
          <Tooltip key={placeholder} title={meaning}>
            <Button
              size="small"
              aria-label={`Insérer ${placeholder} : ${meaning}`}
              onClick={() => {
                const text = htmlToSmsText(form.getFieldValue('content') ?? '');
                form.setFieldValue('content', smsTextToHtml(withPlaceholder(text, placeholder)));
                void form.validateFields(['content']);
              }}
            >
              {placeholder}
            </Button>
          </Tooltip>
        ))}
      </Flex>
    </Form.Item>
  );
}

/** Subject, type and content of a template; SMS-like types get the SMS editor (characters and segments). */
export function TemplateForm({ initialValues, saving, onSubmit, editable = true }: TemplateFormProps) {
  const [form] = Form.useForm<MessageTemplateBody>();
  const mayPublish = useCan('franchise');
  const type = Form.useWatch('type', form) ?? initialValues.type;
  const sms = kindOfType(type) === 'sms';
  // The automatic uses this type of template can have (SMS: appointments, « véhicule prêt »; Assurance: reminders).
  const purposes: TemplatePurpose[] = TEMPLATE_PURPOSES.filter((purpose) => purposeTemplateType(purpose) === type);
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      // An automatic use belongs to one type of template (the type may have changed after choosing one).
      onFinish={(values) =>
        onSubmit({ ...values, purpose: values.purpose && purposes.includes(values.purpose) ? values.purpose : null })
      }
      disabled={!editable}
      style={{ maxWidth: 720 }}
    >
      {editable ? null : <Alert type="info" showIcon message={TEMPLATE_READ_ONLY} style={{ marginBottom: 16 }} />}
      <Form.Item name="type" label="Type" rules={[requiredChoice(TYPE_REQUIRED_MESSAGE)]}>
        <Select
          aria-label="Type"
          options={MESSAGE_TYPES.map((value) => ({ value, label: MESSAGE_TYPE_LABELS[value] }))}
        />
      </Form.Item>
      <Form.Item
        name="subject"
        // An SMS has no subject: this name finds the template in the lists and on a folder, and never leaves.
        label={sms ? 'Nom du modèle' : 'Sujet'}
        extra={sms ? 'Pour retrouver le modèle ; il ne part pas avec le SMS.' : undefined}
        rules={SUBJECT_RULES}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="content"
        label="Contenu"
        rules={[contentRule]}
        extra={
          sms
            ? `Remplacés à l’envoi : ${Object.entries(SMS_PLACEHOLDERS)
                .map(([placeholder, meaning]) => `${placeholder} (${meaning})`)
                .join(', ')}.`
            : `${FOLDER_PLACEHOLDER} est remplacé par le nom du dossier.`
        }
      >
        {sms ? <SmsTemplateField label="Contenu" /> : <RichTextEditor label="Contenu" />}
      </Form.Item>
      {sms && editable ? <PlaceholderButtons form={form} /> : null}
      {purposes.length > 0 ? (
        <Form.Item
          name="purpose"
          label="Envoi automatique"
          extra="Un seul modèle par envoi automatique : le choisir ici le retire au modèle qui l’avait. Sans modèle, ce message ne part pas."
        >
          <Select
            aria-label="Envoi automatique"
            options={[
              { value: null, label: 'Aucun (modèle à choisir depuis un dossier)' },
              ...purposes.map((value) => ({ value, label: TEMPLATE_PURPOSE_LABELS[value] })),
            ]}
          />
        </Form.Item>
      ) : null}
      {mayPublish ? (
        <Form.Item name="shared" valuePropName="checked">
          <Checkbox>Publier à mes centres (ils l’utilisent sans pouvoir le modifier)</Checkbox>
        </Form.Item>
      ) : null}
      {editable ? (
        <Button type="primary" htmlType="submit" loading={saving}>
          Enregistrer
        </Button>
      ) : null}
    </Form>
  );
}
