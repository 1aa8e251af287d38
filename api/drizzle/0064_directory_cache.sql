CREATE TABLE "directory_cache" (
	"company_id" integer NOT NULL,
	"siren" text NOT NULL,
	"state" text NOT NULL,
	"business_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_cache" ADD CONSTRAINT "directory_cache_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "directory_cache_idx" ON "directory_cache" USING btree ("company_id","siren");