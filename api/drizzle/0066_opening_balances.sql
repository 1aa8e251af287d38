ALTER TABLE "billing_documents" DROP CONSTRAINT "billing_documents_type_check";--> statement-breakpoint
ALTER TABLE "import_changes" DROP CONSTRAINT "import_changes_entity_check";--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_kind_check";--> statement-breakpoint
DROP INDEX "billing_documents_insurer_unsettled_idx";--> statement-breakpoint
DROP INDEX "billing_documents_insurer_on_account_idx";--> statement-breakpoint
CREATE INDEX "billing_documents_insurer_unsettled_idx" ON "billing_documents" USING btree ("company_id","issued_at") WHERE "billing_documents"."type" in ('invoice', 'opening-balance') and "billing_documents"."bill_to" = 'insurer' and "billing_documents"."status" in ('issued', 'partial');--> statement-breakpoint
CREATE INDEX "billing_documents_insurer_on_account_idx" ON "billing_documents" USING btree ("company_id","issued_at") WHERE "billing_documents"."type" in ('invoice', 'opening-balance') and "billing_documents"."bill_to" = 'insurer' and "billing_documents"."paid_amount" > "billing_documents"."total_amount" - "billing_documents"."credited_amount";--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_type_check" CHECK ("billing_documents"."type" in ('quotation', 'invoice', 'credit-note', 'purchase-order', 'opening-balance'));--> statement-breakpoint
ALTER TABLE "import_changes" ADD CONSTRAINT "import_changes_entity_check" CHECK ("import_changes"."entity" in ('customer', 'vehicle', 'product', 'supplier', 'insurer', 'receivable'));--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_kind_check" CHECK ("imports"."kind" in ('customers', 'products', 'suppliers', 'insurers', 'receivables'));--> statement-breakpoint
-- An opening balance (the former software's unpaid invoice) is no document the product issued: the import updates or
-- undoes it while no payment or recovery works on it (payments keep it by their foreign key).
CREATE OR REPLACE FUNCTION "billing_documents_issued_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'draft' OR OLD.type = 'opening-balance' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Un document émis ne se supprime pas (document %)', OLD.number;
  END IF;
  IF (NEW.company_id, NEW.type, NEW.number, NEW.bill_to, NEW.customer, NEW.delivery_address, NEW.operation_category,
      NEW.tax, NEW.tax_inclusive, NEW.sale_date, NEW.payment_term_days, NEW.issued_at, NEW.due_date, NEW.notes,
      NEW.pre_tax_amount, NEW.tax_amount, NEW.total_amount, NEW.credit_reason, NEW.source_id, NEW.insurer_mentions,
      NEW.buyer_reference, NEW.exemption_reason, NEW.vehicle_mentions, NEW.deductible_invoice_id, NEW.insurer_share,
      NEW.paid_at_issue, NEW.deposit)
     IS DISTINCT FROM
     (OLD.company_id, OLD.type, OLD.number, OLD.bill_to, OLD.customer, OLD.delivery_address, OLD.operation_category,
      OLD.tax, OLD.tax_inclusive, OLD.sale_date, OLD.payment_term_days, OLD.issued_at, OLD.due_date, OLD.notes,
      OLD.pre_tax_amount, OLD.tax_amount, OLD.total_amount, OLD.credit_reason, OLD.source_id, OLD.insurer_mentions,
      OLD.buyer_reference, OLD.exemption_reason, OLD.vehicle_mentions, OLD.deductible_invoice_id, OLD.insurer_share,
      OLD.paid_at_issue, OLD.deposit) THEN
    RAISE EXCEPTION 'Un document émis ne se modifie pas : corrigez-le par un avoir (document %)', OLD.number;
  END IF;
  RETURN NEW;
END
$$;
