import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Form, Input, Skeleton, Table, Tag, Typography } from 'antd';
import {
  CASH_UP_EXPLANATION_REQUIRED,
  CASH_UP_SAVED,
  CASH_UP_TITLE,
  type CashUp,
  type CashUpDay,
  type CashUpReceipt,
  cashUpBalance,
  PAYMENT_METHOD_LABELS,
  parisToday,
  parseEuros,
} from 'contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DateField,
  ErrorState,
  errorMessage,
  formatCents,
  formatDate,
  formatDateTime,
  PageHeader,
  useApiQuery,
  useFeedback,
  useInvalidate,
  useSaveAction,
  useStoreAnswer,
} from 'shared-ui';
import { cashUpDayPath, cashUpPdfUrl, closeCashUp, getCashUpDay } from '../api/cash-up';

const receiptColumns = [
  {
    title: 'Moyen de paiement',
    dataIndex: 'method',
    render: (method: CashUpReceipt['method']) => PAYMENT_METHOD_LABELS[method],
  },
  { title: 'Opérations', dataIndex: 'count', align: 'right' as const },
  { title: 'Montant net', dataIndex: 'amount', align: 'right' as const, render: (cents: number) => formatCents(cents) },
];

/** The day's receipts by means of payment, with their total (refunds and cancellations netted). */
function ReceiptsTable({ receipts }: { receipts: CashUpReceipt[] }) {
  return (
    <Table<CashUpReceipt>
      rowKey="method"
      size="small"
      pagination={false}
      columns={receiptColumns}
      dataSource={receipts}
      summary={(rows) => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}>
            <strong>Total</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            {rows.reduce((sum, row) => sum + row.count, 0)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">
            <strong>{formatCents(rows.reduce((sum, row) => sum + row.amount, 0))}</strong>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

const differenceTag = (cents: number) => (
  <Tag color={cents === 0 ? 'green' : 'orange'}>{cents === 0 ? 'Aucun écart' : `Écart ${formatCents(cents)}`}</Tag>
);

/** A closed till, as kept: the count, the difference and why, who closed it; its print. */
function ClosedCount({ cashUp }: { cashUp: CashUp }) {
  return (
    <Card
      title="Caisse clôturée"
      extra={
        <Button icon={<FilePdfOutlined />} href={cashUpPdfUrl(cashUp.id)} download>
          Imprimer
        </Button>
      }
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Fond de caisse">{formatCents(cashUp.floatAmount)}</Descriptions.Item>
        <Descriptions.Item label="Espèces attendues">{formatCents(cashUp.expectedCash)}</Descriptions.Item>
        <Descriptions.Item label="Espèces comptées">{formatCents(cashUp.countedCash)}</Descriptions.Item>
        <Descriptions.Item label="Écart">{differenceTag(cashUp.difference)}</Descriptions.Item>
        {cashUp.explanation ? <Descriptions.Item label="Explication">{cashUp.explanation}</Descriptions.Item> : null}
        <Descriptions.Item label="Clôturée">
          {formatDateTime(cashUp.closedAt)}
          {cashUp.closedBy ? ` par ${cashUp.closedBy}` : ''}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** A difference between counted and expected cash must be explained (the server says so too). */
const explanationRule = (balance: { difference: number } | undefined) => ({
  validator: (_: unknown, text: string | undefined) =>
    !balance || balance.difference === 0 || text?.trim()
      ? Promise.resolve()
      : Promise.reject(new Error(CASH_UP_EXPLANATION_REQUIRED)),
});

interface CountValues {
  floatAmount: string;
  countedCash: string;
  explanation: string;
}

/** The count of the drawer: the float and the cash counted, the expected cash and the difference live, then closing. */
function CountForm({ day }: { day: CashUpDay }) {
  const [form] = Form.useForm<CountValues>();
  const feedback = useFeedback();
  const store = useStoreAnswer();
  const invalidate = useInvalidate();
  const { run, saving } = useSaveAction();
  const floatText = Form.useWatch('floatAmount', form) ?? '';
  const countedText = Form.useWatch('countedCash', form) ?? '';
  const floatAmount = parseEuros(floatText || '0');
  const countedCash = parseEuros(countedText);
  const balance =
    floatAmount === undefined || countedCash === undefined
      ? undefined
      : cashUpBalance({ floatAmount, countedCash, cashReceived: day.cashReceived });

  const close = async (values: CountValues) => {
    const confirmed = await feedback.confirm({
      title: `Clôturer la caisse du ${formatDate(day.day)} ?`,
      content: 'Le comptage sera conservé tel quel : il ne pourra plus être modifié.',
      okText: 'Clôturer',
    });
    if (!confirmed) return;
    await run(
      async () => {
        const closed = await closeCashUp({ day: day.day, ...values, floatAmount: values.floatAmount || '0' });
        store(cashUpDayPath(day.day), { ...day, closed });
        void invalidate('api/integrity');
      },
      { done: CASH_UP_SAVED },
    );
  };

  return (
    <Card title="Comptage des espèces">
      <Form<CountValues>
        form={form}
        layout="vertical"
        initialValues={{ floatAmount: '', countedCash: '', explanation: '' }}
        onFinish={(values) => void close(values)}
        style={{ maxWidth: 480 }}
      >
        <Form.Item label="Fond de caisse (€)" name="floatAmount" extra="Laissé dans le tiroir pour rendre la monnaie.">
          <Input inputMode="decimal" placeholder="0,00" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Espèces comptées (€)"
          name="countedCash"
          rules={[{ required: true, whitespace: true, message: 'Saisissez les espèces comptées' }]}
        >
          <Input inputMode="decimal" placeholder="0,00" autoComplete="off" />
        </Form.Item>
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Espèces de la journée">{formatCents(day.cashReceived)}</Descriptions.Item>
          <Descriptions.Item label="Espèces attendues">
            {balance ? formatCents(balance.expectedCash) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="Écart">
            {balance && countedText.trim() ? differenceTag(balance.difference) : '—'}
          </Descriptions.Item>
        </Descriptions>
        <Form.Item label="Explication de l’écart" name="explanation" rules={[explanationRule(balance)]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Clôturer la caisse
        </Button>
      </Form>
    </Card>
  );
}

/**
 * /paiement/cash-up, « Clôture de caisse »: the selected garage's receipts of a day at the desk by means of payment,
 * then the count of the drawer and the closing of the till (once a day, kept and printable). Not the daily closing of
 * the inalterability rules (« Clôtures »), which runs by itself.
 */
export function CashUpPage() {
  const [day, setDay] = useState(parisToday());
  const cashUp = useApiQuery(cashUpDayPath(day), () => getCashUpDay(day));
  return (
    <>
      <PageHeader
        title={CASH_UP_TITLE}
        extra={
          <Flex gap={12} align="center" wrap>
            <DateField
              aria-label="Journée"
              value={day}
              max={parisToday()}
              onChange={(picked) => picked && setDay(picked)}
            />
            <Link to="/paiement/list/paiement">Retour aux paiements</Link>
          </Flex>
        }
      />
      {cashUp.error ? (
        <ErrorState
          description={errorMessage(cashUp.error, 'Erreur lors du chargement de la caisse')}
          onRetry={() => void cashUp.refetch()}
        />
      ) : !cashUp.data ? (
        <Skeleton active aria-label="Chargement" />
      ) : (
        <Flex vertical gap={16}>
          <Card title={`Encaissements enregistrés le ${formatDate(cashUp.data.day)}`}>
            <ReceiptsTable receipts={cashUp.data.receipts} />
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              Ce qui a été enregistré ce jour-là, quelle que soit la date de valeur ; remboursements et annulations en
              négatif.
            </Typography.Paragraph>
          </Card>
          {cashUp.data.closed ? <ClosedCount cashUp={cashUp.data.closed} /> : <CountForm day={cashUp.data} />}
        </Flex>
      )}
    </>
  );
}
