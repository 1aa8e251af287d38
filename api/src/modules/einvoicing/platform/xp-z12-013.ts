/*
 * The parts of the AFNOR XP Z12-013 1.3.0 documents (Flow Service, Directory Service) the connector and the test
 * platform use, as TypeScript: names and enumerations are the documents' own, so a reader checks them side by side
 * (`../shared/einvoicing/france-rfe/FNFE_RFE_INVOICE/XP_Z12_013_API/`). The tests check every request the connector
 * sends against the documents themselves.
 */

export type FlowSyntax = 'CII' | 'UBL' | 'Factur-X' | 'CDAR' | 'FRR';
export type ProcessingRule =
  | 'B2B'
  | 'B2BInt'
  | 'B2C'
  | 'B2G'
  | 'B2GInt'
  | 'OutOfScope'
  | 'B2GOutOfScope'
  | 'ArchiveOnly'
  | 'NotApplicable'
  | 'Undefined';
export type FlowProfile = 'Basic' | 'CIUS' | 'Extended-CTC-FR' | 'Undefined';
export type FlowType =
  | 'CustomerInvoice'
  | 'SupplierInvoice'
  | 'CustomerInvoiceLC'
  | 'SupplierInvoiceLC'
  | 'AggregatedCustomerTransactionReport'
  | 'AggregatedCustomerPaymentReport'
  | 'UnitaryCustomerTransactionReport'
  | 'UnitaryCustomerPaymentReport'
  | 'MultiFlowReport'
  | 'Undefined';
export type FlowDirection = 'In' | 'Out';
export type FlowAckStatus = 'Pending' | 'Ok' | 'Error';

export interface FlowInfo {
  trackingId?: string;
  name: string;
  processingRule?: ProcessingRule;
  flowSyntax: FlowSyntax;
  flowProfile?: FlowProfile;
  sha256?: string;
}

export interface FullFlowInfo extends FlowInfo {
  flowId: string;
  submittedAt: string;
}

export interface AcknowledgementDetail {
  level: 'Error' | 'Warning';
  item: string;
  reasonCode: string;
  reasonMessage: string;
}

export interface Flow extends FullFlowInfo {
  flowProfile: FlowProfile;
  processingRule: ProcessingRule;
  updatedAt: string;
  flowType: FlowType;
  processingRuleSource: 'Input' | 'Computed';
  flowDirection: FlowDirection;
  acknowledgement: { status: FlowAckStatus; details?: AcknowledgementDetail[] };
}

export interface SearchFlowFilters {
  updatedAfter?: string;
  updatedBefore?: string;
  processingRule?: ProcessingRule[];
  flowType?: FlowType[];
  flowDirection?: FlowDirection[];
  trackingId?: string;
  ackStatus?: FlowAckStatus;
}

export interface SearchFlowContent {
  limit?: number;
  nextCursor?: string;
  filters?: SearchFlowFilters;
  results?: Flow[];
}

export interface WebhookCreated {
  webhookId?: string;
  signingKey?: string;
  createdAt?: string;
  callbackUrl?: string;
}

export interface LegalUnit {
  siren?: string;
  businessName?: string;
  entityType?: 'Public' | 'PrivateVatRegistered';
  administrativeStatus?: 'A' | 'C';
}

export interface DirectoryLine {
  addressingIdentifier?: string;
  platformType?: 'WK' | 'DFH';
  directoryLineStatus?: 'Enabled' | 'Disabled' | 'Upcoming';
  siren?: string;
  siret?: string;
  legalUnit?: LegalUnit;
}
