import { Button, Card, Flex, Input, Typography } from 'antd';
import Table from 'antd/es/table';
import { ACCOUNT_GROUP_LABELS, ACCOUNT_MAPPING_SAVED, type AccountEntry, type AccountingSettings } from 'contracts';
import { useState } from 'react';
import { useSaveAction } from 'shared-ui';
import { saveAccounts } from '../api/accounting';

type Draft = Pick<AccountEntry, 'key' | 'account' | 'label'>;

/**
 * « Plan de comptes »: the account of every role the entries use, French defaults beside. The garage's admin changes
 * them (saved whole; the server checks each account's class and one label per account); others read them.
 */
export function AccountChart({
  settings,
  onSaved,
}: {
  settings: AccountingSettings;
  onSaved: (settings: AccountingSettings) => void;
}) {
  const editable = settings.canEditMapping;
  const [draft, setDraft] = useState<Draft[]>(() =>
    settings.accounts.map(({ key, account, label }) => ({ key, account, label })),
  );
  const { saving, run } = useSaveAction();
  const change = (key: string, values: Partial<Draft>) =>
    setDraft((current) => current.map((entry) => (entry.key === key ? { ...entry, ...values } : entry)));
  const drafted = (entry: AccountEntry) => draft.find((each) => each.key === entry.key) ?? entry;

  const columns = [
    {
      title: 'Usage',
      key: 'role',
      render: (_: unknown, entry: AccountEntry) => (
        <>
          <Typography.Text type="secondary">{ACCOUNT_GROUP_LABELS[entry.group]} · </Typography.Text>
          {entry.role}
        </>
      ),
    },
    {
      title: 'Compte',
      key: 'account',
      width: 160,
      render: (_: unknown, entry: AccountEntry) =>
        editable ? (
          <Input
            aria-label={`Compte : ${entry.role}`}
            value={drafted(entry).account}
            maxLength={20}
            onChange={(event) => change(entry.key, { account: event.target.value.toUpperCase() })}
          />
        ) : (
          entry.account
        ),
    },
    {
      title: 'Libellé',
      key: 'label',
      render: (_: unknown, entry: AccountEntry) =>
        editable ? (
          <Input
            aria-label={`Libellé du compte : ${entry.role}`}
            value={drafted(entry).label}
            maxLength={100}
            onChange={(event) => change(entry.key, { label: event.target.value })}
          />
        ) : (
          entry.label
        ),
    },
    {
      title: 'Par défaut',
      key: 'default',
      render: (_: unknown, entry: AccountEntry) => `${entry.defaultAccount} ${entry.defaultLabel}`,
    },
  ];

  const save = async () => {
    let saved: AccountingSettings | undefined;
    const done = await run(
      async () => {
        saved = await saveAccounts(settings.companyId, { accounts: draft });
      },
      { done: ACCOUNT_MAPPING_SAVED },
    );
    if (done && saved) onSaved(saved);
  };

  return (
    <Card
      title="Plan de comptes"
      size="small"
      extra={
        editable ? (
          <Flex gap={8} wrap>
            <Button
              onClick={() =>
                setDraft(
                  settings.accounts.map(({ key, defaultAccount, defaultLabel }) => ({
                    key,
                    account: defaultAccount,
                    label: defaultLabel,
                  })),
                )
              }
            >
              Rétablir les comptes par défaut
            </Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              Enregistrer le plan de comptes
            </Button>
          </Flex>
        ) : (
          <Typography.Text type="secondary">Modifiable par l’administrateur du garage</Typography.Text>
        )
      }
    >
      <Table<AccountEntry>
        rowKey="key"
        columns={columns}
        dataSource={settings.accounts}
        pagination={false}
        size="small"
      />
    </Card>
  );
}
