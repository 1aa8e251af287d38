/*
 * How a garage files its VAT (its « régime d'imposition »): it sets how often its sales to private customers and the
 * payments for its services are e-reported (CGI art. 290 and 290 A; the calendar of CGI annex II art. 242 nonies I,
 * see docs/decisions.md « E-reporting »). Kept apart from the e-reporting contracts: the company form reads it too.
 */
export const VAT_FILINGS = ['normal-monthly', 'normal-quarterly', 'simplified', 'franchise'] as const;
export type VatFiling = (typeof VAT_FILINGS)[number];

export const VAT_FILING_LABELS: Record<VatFiling, string> = {
  'normal-monthly': 'Réel normal, déclaration mensuelle (CA3)',
  'normal-quarterly': 'Réel normal, déclaration trimestrielle (CA3)',
  simplified: 'Réel simplifié (CA12)',
  franchise: 'Franchise en base de TVA',
};

export const VAT_FILING_INVALID = 'Régime de TVA inconnu';
