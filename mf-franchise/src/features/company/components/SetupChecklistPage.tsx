import { CheckCircleFilled, ExclamationCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { Alert, Card, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { SETUP_ITEMS, SETUP_TITLE, type SetupItem, setupProgress } from 'contracts';
import { Link } from 'react-router-dom';
import { ErrorState, PageHeader, useApiQuery, useSession } from 'shared-ui';
import { PickGarage } from '../../../components/PickGarage';
import { getSetupChecklist, setupPath } from '../api/setup';

/** An item's mark: done, required and missing (issuing waits for it), or recommended. */
function ItemMark({ item }: { item: SetupItem }) {
  if (item.done) return <CheckCircleFilled style={{ color: '#389e0d', fontSize: 20 }} aria-label="Fait" />;
  return SETUP_ITEMS[item.key].required ? (
    <ExclamationCircleFilled style={{ color: '#cf1322', fontSize: 20 }} aria-label="Obligatoire, à faire" />
  ) : (
    <MinusCircleOutlined style={{ color: '#8c8c8c', fontSize: 20 }} aria-label="À faire" />
  );
}

function ItemRow({ item }: { item: SetupItem }) {
  const { label, href, required } = SETUP_ITEMS[item.key];
  return (
    <List.Item
      actions={
        !item.done
          ? [
              <Link key="fix" to={href}>
                Compléter
              </Link>,
            ]
          : []
      }
    >
      <List.Item.Meta
        avatar={<ItemMark item={item} />}
        title={
          <Flex gap={8} wrap align="center">
            <span>{label}</span>
            {required ? <Tag color={item.done ? 'green' : 'red'}>Obligatoire pour facturer</Tag> : null}
          </Flex>
        }
        description={item.detail}
      />
    </List.Item>
  );
}

/**
 * /company/setup « Mise en route » of the selected garage: what it needs before its first invoice, each item with its
 * state and the page that completes it; the legal identity first, since issuing waits for it.
 */
export function SetupChecklistPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  // Under TOUT (0) there is no garage to read: the page asks to pick one.
  const checklist = useApiQuery(companyId === 0 ? null : setupPath(companyId), () => getSetupChecklist(companyId));
  if (companyId === 0) return <PickGarage title={SETUP_TITLE} />;
  if (checklist.error) return <ErrorState onRetry={() => void checklist.refetch()} />;
  const data = checklist.data;
  return (
    <>
      <PageHeader title={SETUP_TITLE} subtitle={data ? `${setupProgress(data.items)} faits` : undefined} />
      {!data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <Alert
            showIcon
            type={data.ready ? 'success' : 'warning'}
            style={{ marginBottom: 16 }}
            message={
              data.ready
                ? 'Le garage peut émettre ses factures. Les autres points rendent le quotidien plus simple.'
                : 'Le garage ne peut pas encore émettre de facture : complétez son identité légale.'
            }
          />
          <Card size="small">
            <List<SetupItem> dataSource={data.items} renderItem={(item) => <ItemRow item={item} />} />
          </Card>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            Chaque point se relit ici à tout moment ; une fois complété, il passe au vert.
          </Typography.Paragraph>
        </>
      )}
    </>
  );
}
