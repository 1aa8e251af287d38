import { DownOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { EINVOICE_SYNTAX_LABELS, EINVOICE_SYNTAXES } from 'contracts';
import { einvoiceUrl } from '../api/documents';

/**
 * An issued invoice's or credit note's e-invoice, as the XML a platform or an accounting tool takes: CII (the same
 * file the PDF carries inside it, the PDF being a Factur-X) or UBL. Each is a plain link the browser downloads.
 */
export function EInvoiceMenu({ id, number }: { id: number; number: string }) {
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
