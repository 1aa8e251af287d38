CREATE TABLE "document_originals" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_originals" ADD CONSTRAINT "document_originals_document_id_billing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."billing_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Append-only: an original is written once; neither the application nor a mistaken statement may change or drop it.
CREATE FUNCTION "document_originals_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'L''original d''un document émis ne se modifie ni ne se supprime (document %)', OLD.document_id;
END
$$;--> statement-breakpoint
CREATE TRIGGER "document_originals_append_only" BEFORE UPDATE OR DELETE ON "document_originals"
FOR EACH ROW EXECUTE FUNCTION "document_originals_append_only"();
