import { Button, Card, Flex, Radio, Typography } from 'antd';
import {
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  IMPORT_MAX_ROWS,
  IMPORT_TITLE,
  type Import,
  type ImportKind,
  OPENING_BALANCE_LABEL,
} from 'contracts';
import { useId, useState } from 'react';
import { FileField, PageHeader, useInvalidate, useSaveAction, useSession } from 'shared-ui';
import { PickGarage } from '../../../components/PickGarage';
import { IMPORTS_PATH, uploadImport } from '../api/imports';
import { ImportDraft } from './ImportDraft';
import { ImportHistory } from './ImportHistory';
import { ImportReport } from './ImportReport';

/**
 * /import « Import depuis l’ancien logiciel »: the customers and vehicles a garage brings from its former software.
 * Upload, check the columns and the first rows, check every row (nothing saved), import, undo if need be.
 */
export function ImportPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const inputId = useId();
  const [file, setFile] = useState<File>();
  const [kind, setKind] = useState<ImportKind>('customers');
  const [inputKey, setInputKey] = useState(0);
  const [draft, setDraft] = useState<Import | null>(null);
  const [result, setResult] = useState<Import | null>(null);
  const { isSaving, run } = useSaveAction();
  const invalidate = useInvalidate();

  if (companyId === 0) return <PickGarage title={IMPORT_TITLE} />;
  const upload = () =>
    void run(
      async () => {
        if (!file) return;
        setResult(null);
        setDraft(await uploadImport(file, kind));
        setFile(undefined);
        setInputKey((key) => key + 1);
        await invalidate(IMPORTS_PATH);
      },
      { key: 'upload' },
    );

  return (
    <>
      <PageHeader
        title={IMPORT_TITLE}
        subtitle="Clients et véhicules, produits, fournisseurs, assureurs, factures impayées"
      />
      <Card title="Nouveau fichier" size="small" style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">
          Un export de votre ancien logiciel : CSV (séparé par des points-virgules ou des virgules, UTF-8 ou
          Windows-1252) ou Excel, {IMPORT_MAX_ROWS.toLocaleString('fr-FR')} lignes au plus ; pour les clients, une ligne
          par véhicule. Un même fichier importé deux fois ne crée rien en double.
        </Typography.Paragraph>
        <Radio.Group
          optionType="button"
          value={kind}
          onChange={(event) => setKind(event.target.value as ImportKind)}
          aria-label="Ce que contient le fichier"
          style={{ marginBottom: 12 }}
        >
          {IMPORT_KINDS.map((value) => (
            <Radio.Button key={value} value={value}>
              {IMPORT_KIND_LABELS[value]}
            </Radio.Button>
          ))}
        </Radio.Group>
        {kind === 'receivables' ? (
          <Typography.Paragraph type="secondary">
            Une ligne par facture impayée de l’ancien logiciel : elle devient un « {OPENING_BALANCE_LABEL} » à
            encaisser, suivi dans « Recouvrements » et, si un assureur la doit, dans « Créances assureurs » ; jamais une
            nouvelle facture. Le montant repris est le reste dû. Importez d’abord vos assureurs, nommés dans la colonne
            « Assureur ».
          </Typography.Paragraph>
        ) : null}
        <label htmlFor={inputId} style={{ display: 'block', marginBottom: 4 }}>
          Fichier à importer
        </label>
        <Flex gap={8} wrap align="center" key={inputKey}>
          <FileField id={inputId} value={file} onChange={setFile} accept=".csv,.txt,.xlsx,text/csv" />
          <Button type="primary" onClick={upload} disabled={!file} loading={isSaving('upload')}>
            Lire le fichier
          </Button>
        </Flex>
      </Card>
      {draft && !result ? <ImportDraft key={draft.id} initial={draft} onDone={setResult} /> : null}
      {result ? (
        <Card title={`Import de « ${result.fileName} »`} size="small" style={{ marginBottom: 16 }}>
          <ImportReport draft={result} />
        </Card>
      ) : null}
      <ImportHistory />
    </>
  );
}
