import { Button, Form, Input } from 'antd';
import { centsToText, companyFeesBodySchema, SIDEXA_HOURLY_RATE_REQUIRED, type SidexaLine } from 'contracts';
import { useEffect } from 'react';
import { useApiQuery } from 'shared-ui';
import { getCompanyHourlyRate } from '../api/sidexa';
import { isLabour } from '../lib/quotation-lines';

interface Values {
  hourlyRate?: string;
}

/** Required; then read as the API reads it (euros, 0,01 to 1 000), in the API's words. */
const rateRule = {
  validator: (_: unknown, value: string | undefined) => {
    if (!value || value.trim() === '') return Promise.reject(new Error(SIDEXA_HOURLY_RATE_REQUIRED));
    const parsed = companyFeesBodySchema.safeParse({ hourlyRate: value });
    return parsed.success ? Promise.resolve() : Promise.reject(new Error(parsed.error.issues[0]?.message));
  },
};

/** The rate as a garage types it: « 65 », « 72,50 ». */
const euroText = (euros: number) => centsToText(Math.round(euros * 100)).replace(/,00$/, '');

interface ConfirmPartsFormProps {
  lines: SidexaLine[];
  companyId: number;
  loading: boolean;
  /** The rate as typed (undefined when no line is priced in hours); resolves true once the quote opens. */
  onConfirm: (hourlyRate: string | undefined) => Promise<boolean>;
}

/**
 * The parts are known: the hourly rate (when a line is priced in hours; prefilled with the company's) and
 * "Confirmer les pièces", which puts the rate into the labour lines, saves it and opens the quote.
 */
export function ConfirmPartsForm({ lines, companyId, loading, onConfirm }: ConfirmPartsFormProps) {
  const [form] = Form.useForm<Values>();
  const hasLabour = lines.some(isLabour);
  // The folder's garage's rate, picked from GET /api/company/infos: cached under that path with the garage as a
  // parameter (the path alone holds the selected garage, what the other pages read), so a saved rate reaches both.
  const companyRate = useApiQuery(hasLabour ? `api/company/infos?company=${companyId}` : null, () =>
    getCompanyHourlyRate(companyId),
  );

  useEffect(() => {
    const rate = companyRate.data;
    if (rate !== null && rate !== undefined && !form.isFieldTouched('hourlyRate')) {
      form.setFieldValue('hourlyRate', euroText(rate));
    }
  }, [companyRate.data, form]);

  return (
    <Form<Values>
      form={form}
      layout="inline"
      aria-label="Confirmation des pièces"
      onFinish={(values) => void onConfirm(hasLabour ? values.hourlyRate?.trim() : undefined)}
      style={{ rowGap: 8 }}
    >
      {hasLabour ? (
        <Form.Item label="Taux horaire" name="hourlyRate" rules={[rateRule]}>
          <Input suffix="€ / h" inputMode="decimal" style={{ width: 160 }} />
        </Form.Item>
      ) : null}
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={loading}>
          Confirmer les pièces
        </Button>
      </Form.Item>
    </Form>
  );
}
