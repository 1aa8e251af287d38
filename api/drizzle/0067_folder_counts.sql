CREATE TABLE "folder_counts" (
	"company_id" integer NOT NULL,
	"grain" text NOT NULL,
	"period_start" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text,
	"folders" integer NOT NULL,
	"closed" integer NOT NULL,
	CONSTRAINT "folder_counts_key_unique" UNIQUE NULLS NOT DISTINCT("company_id","dimension","grain","period_start","key"),
	CONSTRAINT "folder_counts_grain_check" CHECK ("folder_counts"."grain" in ('day', 'month')),
	CONSTRAINT "folder_counts_dimension_check" CHECK ("folder_counts"."dimension" in ('status', 'insurer', 'known_by', 'technician', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "folder_counts" ADD CONSTRAINT "folder_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The statement that adds folder rows to folder_counts: `source` is a query of folders' columns with a `sign`, +1 for
-- a row counted in (inserted, or its values after an update), -1 for a row counted out (deleted, or its values before).
-- Each row counts on its French day and month, once per dimension; the upsert goes in the unique key's order, so two
-- statements touching the same counts lock them in the same order and never wait on each other in a circle.
CREATE FUNCTION "folder_counts_upsert"(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
  INSERT INTO folder_counts AS c (company_id, grain, period_start, dimension, key, folders, closed)
  SELECT f.company_id, g.grain, g.period_start, v.dimension, v.key, sum(f.sign)::int, sum(f.sign * v.closed)::int
  FROM (%s) f
  CROSS JOIN LATERAL (VALUES
    ('status', f.status_id::text, f.created_at, (f.closed_at IS NOT NULL)::int),
    ('insurer', f.insurer, f.created_at, (f.closed_at IS NOT NULL)::int),
    ('known_by', f.known_by_id::text, f.created_at, (f.closed_at IS NOT NULL)::int),
    ('technician', f.technician_id::text, f.created_at, (f.closed_at IS NOT NULL)::int),
    ('closed', NULL, f.closed_at, 1)
  ) v(dimension, key, at, closed)
  CROSS JOIN LATERAL (VALUES
    ('day', (v.at AT TIME ZONE 'Europe/Paris')::date),
    ('month', date_trunc('month', v.at AT TIME ZONE 'Europe/Paris')::date)
  ) g(grain, period_start)
  -- A garage being deleted takes its counts with it (foreign key): its folders' removal adds nothing back.
  WHERE v.at IS NOT NULL AND EXISTS (SELECT 1 FROM companies WHERE companies.id = f.company_id)
  GROUP BY f.company_id, v.dimension, g.grain, g.period_start, v.key
  HAVING sum(f.sign) <> 0 OR sum(f.sign * v.closed) <> 0
  ORDER BY f.company_id, v.dimension, g.grain, g.period_start, v.key
  ON CONFLICT ON CONSTRAINT folder_counts_key_unique
  DO UPDATE SET folders = c.folders + excluded.folders, closed = c.closed + excluded.closed
$q$, source)
$fn$;--> statement-breakpoint
CREATE FUNCTION "folder_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted constant text := 'company_id, created_at, status_id, insurer, known_by_id, technician_id, closed_at';
BEGIN
  EXECUTE folder_counts_upsert(CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS sign FROM new_rows', counted)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS sign FROM old_rows', counted)
    ELSE format('SELECT %1$s, 1 AS sign FROM new_rows UNION ALL SELECT %1$s, -1 FROM old_rows', counted)
  END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "folders_counts_insert" AFTER INSERT ON "folders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION folder_counts_follow();--> statement-breakpoint
CREATE TRIGGER "folders_counts_update" AFTER UPDATE ON "folders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION folder_counts_follow();--> statement-breakpoint
CREATE TRIGGER "folders_counts_delete" AFTER DELETE ON "folders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION folder_counts_follow();--> statement-breakpoint
-- The folders already there.
DO $$ BEGIN
  EXECUTE folder_counts_upsert('SELECT company_id, created_at, status_id, insurer, known_by_id, technician_id, closed_at, 1 AS sign FROM folders');
END $$;
