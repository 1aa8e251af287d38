import { DownOutlined, FilePdfOutlined, FileSearchOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import {
  type BillingDocument,
  EINVOICE_SYNTAX_LABELS,
  EINVOICE_SYNTAXES,
  invoiceStatementFileName,
  parisToday,
} from 'contracts';
import { documentPdfUrl, einvoiceUrl, invoiceStatementUrl } from '../api/documents';

/**
 * A document's files, each a plain link the browser downloads with the session's cookie: its PDF (an issued
 * invoice's or credit note's is its Factur-X), an issued invoice's payment statement, and its e-invoice.
 */
export function DocumentDownloads({ document }: { document: BillingDocument }) {
  const { id, type, status, number } = document;
  const issued = status !== 'draft';
  return (
    <>
      <Button icon={<FilePdfOutlined />} href={documentPdfUrl(id)} download={`${number ?? `brouillon-${id}`}.pdf`}>
        Télécharger le PDF
      </Button>
      {type === 'invoice' && issued ? (
        // The payment state is a statement of its own: the invoice's PDF stays as issued.
        <Button
          icon={<FileSearchOutlined />}
          href={invoiceStatementUrl(id)}
          download={invoiceStatementFileName(number ?? '', parisToday())}
        >
          Relevé de règlements
        </Button>
      ) : null}
      {(type === 'invoice' || type === 'credit-note') && issued && number ? (
        <EInvoiceMenu id={id} number={number} />
      ) : null}
    </>
  );
}

/**
 * An issued invoice's or credit note's e-invoice, as the XML a platform or an accounting tool takes: CII (the same
 * file the PDF carries inside it, the PDF being a Factur-X) or UBL. Each is a plain link the browser downloads.
 */
function EInvoiceMenu({ id, number }: { id: number; number: string }) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: EINVOICE_SYNTAXES.map((syntax) => ({
          key: syntax,
          label: (
            <a href={einvoiceUrl(id, syntax)} download={`${number}-${syntax}.xml`}>
              {EINVOICE_SYNTAX_LABELS[syntax]}
            </a>
          ),
        })),
      }}
    >
      <Button icon={<FileTextOutlined />}>
        Facture électronique <DownOutlined />
      </Button>
    </Dropdown>
  );
}
