import { Col, Form, Row, Select } from 'antd';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_KIND_FIELDS,
  IMPORT_REQUIRED_FIELDS,
  type ImportField,
  type ImportKind,
  type ImportMapping as Mapping,
} from 'contracts';

const NOT_IMPORTED = -1;

/** Each field with the file's column it is read from (guessed from the headers, changeable). */
export function ImportMapping({
  kind,
  headers,
  mapping,
  onChange,
  disabled,
}: {
  kind: ImportKind;
  headers: string[];
  mapping: Mapping;
  onChange: (mapping: Mapping) => void;
  disabled: boolean;
}) {
  const options = [
    { value: NOT_IMPORTED, label: '— non importé —' },
    ...headers.map((header, index) => ({ value: index, label: header || `Colonne ${index + 1}` })),
  ];
  const choose = (field: ImportField, index: number) =>
    onChange({ ...mapping, [field]: index === NOT_IMPORTED ? null : index });
  return (
    <Form layout="vertical" disabled={disabled}>
      <Row gutter={12}>
        {IMPORT_KIND_FIELDS[kind].map((field) => (
          <Col key={field} xs={24} sm={12} lg={6}>
            <Form.Item
              label={`${IMPORT_FIELD_LABELS[field]}${IMPORT_REQUIRED_FIELDS[kind].includes(field) ? ' (obligatoire)' : ''}`}
              htmlFor={`import-${field}`}
            >
              <Select
                id={`import-${field}`}
                value={mapping[field] ?? NOT_IMPORTED}
                options={options}
                onChange={(index: number) => choose(field, index)}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Form>
  );
}
