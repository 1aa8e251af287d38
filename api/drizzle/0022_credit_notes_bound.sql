ALTER TABLE "billing_documents" DROP CONSTRAINT "billing_documents_status_check";--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "credited_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "credit_reason" text;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_credited_check" CHECK ("billing_documents"."credited_amount" >= 0 and "billing_documents"."credited_amount" <= greatest("billing_documents"."total_amount", 0));--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_status_check" CHECK ("billing_documents"."status" in ('draft', 'issued', 'invoiced', 'partial', 'paid', 'received', 'credited'));--> statement-breakpoint
-- Invoices already credited before credit notes were bound: what their issued credit notes take off, capped at the
-- invoice's total (earlier releases let a credit note exceed it); fully credited ones read "Avoir total".
UPDATE "billing_documents" AS "invoice" SET "credited_amount" = least("invoice"."total_amount", coalesce((
  SELECT sum(abs("credit"."total_amount")) FROM "billing_documents" AS "credit"
  WHERE "credit"."source_id" = "invoice"."id" AND "credit"."type" = 'credit-note' AND "credit"."status" = 'issued'
), 0)) WHERE "invoice"."type" = 'invoice' AND "invoice"."status" IN ('issued', 'partial', 'paid') AND "invoice"."total_amount" > 0;--> statement-breakpoint
UPDATE "billing_documents" SET "status" = CASE
  WHEN "credited_amount" >= "total_amount" THEN 'credited'
  WHEN "paid_amount" >= "total_amount" - "credited_amount" THEN 'paid'
  WHEN "paid_amount" > 0 THEN 'partial'
  ELSE 'issued' END
WHERE "type" = 'invoice' AND "status" IN ('issued', 'partial', 'paid') AND "credited_amount" > 0;
