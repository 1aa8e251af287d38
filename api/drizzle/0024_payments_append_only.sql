ALTER TABLE "payments" DROP CONSTRAINT "payments_amount_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancels_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cancels_id_payments_id_fk" FOREIGN KEY ("cancels_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_cancels_idx" ON "payments" USING btree ("cancels_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_check" CHECK (("payments"."cancels_id" is null and "payments"."amount" > 0) or ("payments"."cancels_id" is not null and "payments"."amount" < 0));--> statement-breakpoint
-- Append-only: a payment is cancelled by a new negative record, never changed nor removed.
CREATE FUNCTION "payments_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Un paiement enregistré ne se modifie ni ne se supprime : annulez-le par une écriture négative (paiement %)', OLD.id;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_append_only" BEFORE UPDATE OR DELETE ON "payments"
FOR EACH ROW EXECUTE FUNCTION "payments_append_only"();
