import { Button, Card, Col, List, Row, Skeleton, Tag, Typography } from 'antd';
import {
  ALL_COMPANIES_ID,
  CHECKOUT_PAID,
  CHECKOUT_PICK_GARAGE,
  type CheckoutOrder,
  type CheckoutPayBody,
  UNIT_PACK_TAX_RATE,
  type UnitPack,
} from 'contracts';
import { useState } from 'react';
import {
  formatCents,
  formatDateTime,
  formatNumber,
  GaragePicker,
  PageHeader,
  refreshBalance,
  StatusPanel,
  useApiQuery,
  useSaveAction,
  useSession,
} from 'shared-ui';
import { createOrder, getOrders, getPacks, orderInvoiceUrl, payOrder } from '../api/checkout';
import { CardPaymentModal } from './CardPaymentModal';

const STATUS = { pending: ['À payer', 'orange'], paid: ['Payée', 'green'], failed: ['Refusée', 'red'] } as const;

/** "Acheter des unités" (/checkout): packs, card payment (test mode), balance raised without a reload, invoices. */
export function CheckoutPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? ALL_COMPANIES_ID);
  const jeton = useSession((state) => state.claims?.jeton ?? 0);
  const packs = useApiQuery('api/checkout/packs', getPacks);
  // The selected garage's orders (read again when another garage is chosen: the session resets the cache).
  const orders = useApiQuery(companyId === ALL_COMPANIES_ID ? null : 'api/checkout/orders', getOrders);
  const [paying, setPaying] = useState<CheckoutOrder>();
  const { isSaving, run } = useSaveAction();

  // Keyed by pack: only the clicked « Acheter » spins.
  const order = (pack: UnitPack) => run(async () => setPaying(await createOrder(pack.id)), { key: pack.id });

  /** A declined card keeps the modal open and filled; once paid, UNITÉS and the orders follow without a reload. */
  const pay = async (card: CheckoutPayBody) => {
    if (!paying || !(await run(() => payOrder(paying.id, card), { done: CHECKOUT_PAID }))) return;
    setPaying(undefined);
    // The payment is made and confirmed: a failed read afterwards is reported on its own.
    await run(async () => {
      await refreshBalance();
      await orders.refetch();
    });
  };

  if (companyId === ALL_COMPANIES_ID) {
    return (
      <>
        <PageHeader title="Acheter des unités" />
        <GaragePicker message={CHECKOUT_PICK_GARAGE} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Acheter des unités"
        subtitle={`Solde actuel : ${formatNumber(jeton)} unités. Une unité sert à une gestion de dossier, un devis Sidexa ou un recouvrement.`}
      />
      {packs.error ? (
        <StatusPanel
          status="error"
          title="Les packs ne se chargent pas"
          extra={<Button onClick={() => void packs.refetch()}>Réessayer</Button>}
        />
      ) : !packs.data ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          {packs.data.map((pack) => (
            <Col key={pack.id} xs={24} sm={12} lg={6}>
              <Card title={pack.label} size="small">
                <Typography.Title level={3} style={{ marginTop: 0 }}>
                  {formatNumber(pack.units)} unités
                </Typography.Title>
                <Typography.Paragraph style={{ marginBottom: 4 }}>
                  <strong>{formatCents(pack.preTaxPrice)} HT</strong> ·{' '}
                  {formatCents(pack.preTaxPrice + Math.round((pack.preTaxPrice * UNIT_PACK_TAX_RATE) / 100))} TTC
                </Typography.Paragraph>
                <Typography.Paragraph type="secondary">
                  soit {formatCents(Math.round(pack.preTaxPrice / pack.units))} HT l’unité
                </Typography.Paragraph>
                <Button
                  type="primary"
                  block
                  loading={isSaving(pack.id)}
                  onClick={() => void order(pack)}
                  aria-label={`Acheter le pack ${pack.label} de ${pack.units} unités`}
                >
                  Acheter
                </Button>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Typography.Title level={4} style={{ marginTop: 24 }}>
        Mes commandes
      </Typography.Title>
      <List<CheckoutOrder>
        loading={!orders.data && !orders.error}
        dataSource={orders.data?.data ?? []}
        locale={{ emptyText: 'Aucune commande pour ce garage' }}
        renderItem={(item) => (
          <List.Item
            actions={[
              item.status === 'paid' ? (
                <a key="invoice" href={orderInvoiceUrl(item.id)} target="_blank" rel="noreferrer">
                  Facture {item.invoiceNumber}
                </a>
              ) : (
                <Button key="pay" size="small" onClick={() => setPaying(item)}>
                  Payer
                </Button>
              ),
            ]}
          >
            <List.Item.Meta
              title={`${formatNumber(item.units)} unités — ${formatCents(item.totalPrice)} TTC`}
              description={formatDateTime(item.createdAt)}
            />
            <Tag color={STATUS[item.status][1]}>{STATUS[item.status][0]}</Tag>
          </List.Item>
        )}
      />
      {paying ? <CardPaymentModal order={paying} onPay={pay} onClose={() => setPaying(undefined)} /> : null}
    </>
  );
}
