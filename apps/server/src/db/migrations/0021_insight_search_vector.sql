DROP INDEX "insights_search_idx";--> statement-breakpoint
-- In one ALTER with the column: the table's rewrite then keeps each vector in its row (storage main), not out of line.
ALTER TABLE "insights" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', search_text)) STORED, ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX "insights_search_idx" ON "insights" USING gin ("search_vector");