import { Button, Card, Checkbox, Form, Input, Modal, Space, Tooltip, Typography } from 'antd';
import { CESSION_NEEDS_INSURER, type FolderDetail, SIGNED_MESSAGE, type SignBody } from 'contracts';
import { useState } from 'react';
import { useSaveAction } from 'shared-ui';
import { signCession } from '../api/cession';
import { SignaturePad } from './SignaturePad';

interface Values {
  signerName: string;
  accepted: boolean;
}

/**
 * The assignment of claim: printed for a paper signature, or signed on screen by the customer at the counter
 * or on the fitter's tablet (the signed PDF joins the folder's documents).
 */
export function CessionCard({ folder, onSigned }: { folder: FolderDetail; onSigned: () => void }) {
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(false);
  const [signature, setSignature] = useState<string>();
  const { saving, run } = useSaveAction();
  const ready = Boolean(folder.insurer && folder.claimNumber);

  const save = async (values: Values) => {
    const saved = await run(async () => {
      const body: SignBody = { signerName: values.signerName, accepted: true, ...(signature ? { signature } : {}) };
      await signCession(folder.id, body);
    }, SIGNED_MESSAGE);
    if (!saved) return;
    setOpen(false);
    setSignature(undefined);
    form.resetFields();
    onSigned();
  };

  const actions = (
    <Space wrap>
      <Button href={`/cession/${folder.id}/view`} target="_blank" disabled={!ready}>
        Imprimer
      </Button>
      <Button type="primary" onClick={() => setOpen(true)} disabled={!ready}>
        Faire signer le client
      </Button>
    </Space>
  );
  return (
    <Card title="Cession de créance" size="small">
      <Typography.Paragraph type="secondary">
        Le client cède au garage sa créance sur l’assureur : le garage est payé directement.
      </Typography.Paragraph>
      {ready ? actions : <Tooltip title={CESSION_NEEDS_INSURER}>{actions}</Tooltip>}
      <Modal
        open={open}
        title="Signature de la cession de créance"
        okText="Signer"
        cancelText="Annuler"
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ signerName: [folder.firstName, folder.lastName].filter(Boolean).join(' ') }}
          onFinish={(values) => void save(values)}
        >
          <Form.Item
            name="signerName"
            label="Nom du signataire"
            rules={[{ required: true, min: 2, message: 'Le nom du signataire est obligatoire' }]}
          >
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item label="Signature (doigt, stylet ou souris)">
            <SignaturePad onChange={setSignature} />
          </Form.Item>
          <Form.Item
            name="accepted"
            valuePropName="checked"
            rules={[
              {
                validator: (_, value?: boolean) =>
                  value
                    ? Promise.resolve()
                    : Promise.reject(new Error('Le client doit accepter la cession de créance')),
              },
            ]}
          >
            <Checkbox>Le client a lu la cession de créance et l’accepte</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
