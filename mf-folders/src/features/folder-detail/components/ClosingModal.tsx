import { Form, Input, Modal, Select } from 'antd';
import {
  ASSURED_YES,
  allowedTaskStatuses,
  allowedWorks,
  CLOSING_CHOICES,
  CLOSING_DONE_MESSAGE,
  CLOSING_FIELDS,
  CLOSING_STATUS_LABELS,
  CLOSING_STATUSES,
  type ClosingField,
  type ClosingValues,
  closingBlocks,
  closingIssues,
  DISPATCH_BLOCKED,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  WORKS_NOT_INSURED,
} from 'contracts';
import { RichTextEditor, useSaveAction } from 'shared-ui';
import { submitClosing } from '../api/folder-activity';

/** A select's rule: the contract's closing rules, read for this one field (the server applies the same). */
const ruleFor =
  (path: keyof ClosingValues) =>
  ({ getFieldsValue }: { getFieldsValue: () => ClosingValues }) => ({
    validator: () => {
      const issue = closingIssues(getFieldsValue()).find((item) => item.path === path);
      return issue ? Promise.reject(new Error(issue.message)) : Promise.resolve();
    },
  });

/**
 * The closing form (docs/product.md): "close" makes its seven answers mandatory; "open" shows the no-dispatch
 * block; "outstanding" and "wait validation" show the dispatch state, where a blocked dispatch leaves only
 * "wait validation" as task status. Without insurance cover, works can only be billed to the customer.
 */
export function ClosingModal({
  folderId,
  open,
  onClose,
  onSaved,
}: {
  folderId: number;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<ClosingValues>();
  const { saving, run } = useSaveAction();
  const status = Form.useWatch('status', form);
  const dispatch = Form.useWatch('dispatch', form);
  const assured = Form.useWatch('assured', form);
  const blocks = closingBlocks(status);
  const works = allowedWorks(assured);
  const tasks = allowedTaskStatuses(dispatch);

  const onValuesChange = (changed: Partial<ClosingValues>) => {
    if ('dispatch' in changed) {
      // Blocked: "wait validation" is the only choice, preselected; otherwise it is not a choice.
      if (changed.dispatch === DISPATCH_BLOCKED) form.setFieldValue('taskStatus', 'wait_validation');
      else if (form.getFieldValue('taskStatus') === 'wait_validation') form.setFieldValue('taskStatus', undefined);
    }
    if ('assured' in changed && changed.assured !== undefined && changed.assured !== ASSURED_YES) {
      form.setFieldValue('travaux', WORKS_NOT_INSURED);
    }
  };

  const save = async (values: ClosingValues) => {
    const saved = await run(() => submitClosing(folderId, values), { done: CLOSING_DONE_MESSAGE[values.status] });
    if (!saved) return;
    form.resetFields();
    onSaved();
    onClose();
  };

  const choiceField = (field: ClosingField) => (
    <Form.Item
      key={field}
      name={field}
      label={CLOSING_FIELDS[field]}
      required
      rules={[ruleFor(field)]}
      dependencies={field === 'travaux' ? ['assured'] : []}
    >
      <Select
        placeholder="Choisir…"
        options={CLOSING_CHOICES[field].map((choice) => ({
          value: choice.value,
          label: choice.label,
          disabled: field === 'travaux' && !works.includes(choice.value),
        }))}
      />
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title="Clôturer le dossier"
      okText="Valider"
      cancelText="Annuler"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<ClosingValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ status: 'close' }}
        onValuesChange={onValuesChange}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="status" label="Statut du dossier" required>
          <Select options={CLOSING_STATUSES.map((value) => ({ value, label: CLOSING_STATUS_LABELS[value] }))} />
        </Form.Item>
        {blocks.closeFields ? (
          <div data-testid="closing-fields">{(Object.keys(CLOSING_FIELDS) as ClosingField[]).map(choiceField)}</div>
        ) : null}
        {blocks.noDispatch ? (
          <Form.Item name="noDispatchReason" label="Motif de non-envoi" data-testid="no-dispatch">
            <Input.TextArea rows={2} maxLength={500} showCount />
          </Form.Item>
        ) : null}
        {blocks.noDispatchState ? (
          <div data-testid="no-dispatch-state">
            <Form.Item name="dispatch" label="Envoi" required rules={[ruleFor('dispatch')]}>
              <Select
                placeholder="Choisir…"
                options={CLOSING_CHOICES.dispatch.map((choice) => ({ value: choice.value, label: choice.label }))}
              />
            </Form.Item>
            <Form.Item
              name="taskStatus"
              label="Statut de la tâche"
              required
              rules={[ruleFor('taskStatus')]}
              dependencies={['dispatch']}
            >
              <Select
                placeholder="Choisir…"
                options={TASK_STATUSES.map((value) => ({
                  value,
                  label: TASK_STATUS_LABELS[value],
                  disabled: !tasks.includes(value),
                }))}
              />
            </Form.Item>
          </div>
        ) : null}
        <Form.Item name="comment" label="Commentaire">
          <RichTextEditor label="Commentaire de clôture" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
