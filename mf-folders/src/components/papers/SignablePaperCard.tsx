import { Alert, Button, Card, Checkbox, Form, Input, Modal, Space, Tooltip, Typography } from 'antd';
import { DELIVERY_RESERVES_MAX, type DeliverySignBody, formatParisDateTime } from 'contracts';
import { useState } from 'react';
import { useSaveAction } from 'shared-ui';
import type { SignedPaper } from './hooks/use-signed-paper';
import { SignaturePad } from './SignaturePad';

interface Values {
  signerName: string;
  accepted: boolean;
  reserves?: string;
}

export interface SignablePaper {
  title: string;
  /** « Signature de la cession de créance » */
  signatureTitle: string;
  description: string;
  /** The PDF to print, opened in a new tab. */
  printHref: string;
  /** Why it cannot be printed nor signed yet (the buttons are disabled with this tooltip). */
  notReady?: string | undefined;
  /** « Le client a lu ... et l’accepte » */
  acceptLabel: string;
  acceptRequired: string;
  signedMessage: string;
  /** The delivery report asks for the customer's reservations, printed on it. */
  withReserves?: boolean;
  /** The text signed, shown in the signing dialog (the PDF of `printHref`): the customer reads what they sign. */
  showText?: boolean;
  sign: (body: DeliverySignBody) => Promise<unknown>;
}

/** The acceptance box must be ticked: its refusal says what the customer must accept. */
const acceptRule = (message: string) => ({
  validator: (_: unknown, value?: boolean) => (value ? Promise.resolve() : Promise.reject(new Error(message))),
});

/** The signing dialog: the text signed (when the paper shows it), who signs, the signature, the acceptance. */
function SignPaperDialog({
  paper,
  signerName,
  onClose,
  onSigned,
}: {
  paper: SignablePaper;
  signerName: string;
  onClose: () => void;
  onSigned: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [signature, setSignature] = useState<string>();
  const { saving, run } = useSaveAction();
  const save = async (values: Values) => {
    const saved = await run(
      () =>
        paper.sign({
          signerName: values.signerName,
          accepted: true,
          ...(signature ? { signature } : {}),
          ...(values.reserves?.trim() ? { reserves: values.reserves } : {}),
        }),
      { done: paper.signedMessage },
    );
    if (saved) onSigned();
  };
  return (
    <Modal
      open
      title={paper.signatureTitle}
      okText="Signer"
      cancelText="Annuler"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {paper.showText ? (
        <iframe
          src={paper.printHref}
          title={`Texte : ${paper.title}`}
          style={{ width: '100%', height: 320, border: 0, marginBottom: 12 }}
        />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ signerName }}
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
        {paper.withReserves ? (
          <Form.Item
            name="reserves"
            label="Réserves du client (laisser vide : sans réserve)"
            rules={[{ max: DELIVERY_RESERVES_MAX, message: `${DELIVERY_RESERVES_MAX} caractères au plus` }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={DELIVERY_RESERVES_MAX} />
          </Form.Item>
        ) : null}
        <Form.Item name="accepted" valuePropName="checked" rules={[acceptRule(paper.acceptRequired)]}>
          <Checkbox>{paper.acceptLabel}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * A paper of the folder the customer signs (the assignment of claim, the work order): printed for a paper
 * signature, or signed on screen at the counter or on the fitter's tablet (the signed PDF joins the documents).
 */
export function SignablePaperCard({
  signerName,
  paper,
  signed,
  onSigned,
}: {
  /** Who signs, as the folder names the customer (editable in the form). */
  signerName: string;
  paper: SignablePaper;
  /** Already signed: the card says when, and links the signed PDF. */
  signed?: SignedPaper | undefined;
  onSigned: () => void;
}) {
  const [open, setOpen] = useState(false);

  const actions = (
    <Space wrap>
      <Button href={paper.printHref} target="_blank" disabled={Boolean(paper.notReady)}>
        Imprimer
      </Button>
      {signed ? (
        <Button type="primary" href={signed.href}>
          Télécharger la version signée
        </Button>
      ) : null}
      <Button type={signed ? 'default' : 'primary'} onClick={() => setOpen(true)} disabled={Boolean(paper.notReady)}>
        {signed ? 'Faire signer à nouveau' : 'Faire signer le client'}
      </Button>
    </Space>
  );
  return (
    // A region named by its title: the page holds several such cards, each with « Imprimer » and « Faire signer ».
    <Card title={paper.title} size="small" role="region" aria-label={paper.title}>
      <Typography.Paragraph type="secondary">{paper.description}</Typography.Paragraph>
      {signed ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="paper-signed"
          message={`Signé par le client le ${formatParisDateTime(new Date(signed.at))}`}
        />
      ) : null}
      {paper.notReady ? <Tooltip title={paper.notReady}>{actions}</Tooltip> : actions}
      {open ? (
        <SignPaperDialog
          paper={paper}
          signerName={signerName}
          onClose={() => setOpen(false)}
          onSigned={() => {
            setOpen(false);
            onSigned();
          }}
        />
      ) : null}
    </Card>
  );
}
