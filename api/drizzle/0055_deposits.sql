ALTER TABLE "billing_document_lines" ADD COLUMN "deducts_deposit_id" integer;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "deposit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_document_lines" ADD CONSTRAINT "billing_document_lines_deducts_deposit_id_billing_documents_id_fk" FOREIGN KEY ("deducts_deposit_id") REFERENCES "public"."billing_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_document_lines_deposit_idx" ON "billing_document_lines" USING btree ("deducts_deposit_id") WHERE "billing_document_lines"."deducts_deposit_id" is not null;--> statement-breakpoint
-- A deposit invoice stays one once issued.
CREATE OR REPLACE FUNCTION "billing_documents_issued_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'draft' THEN
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
