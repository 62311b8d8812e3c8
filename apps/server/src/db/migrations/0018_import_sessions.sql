CREATE TABLE "import_records" (
	"session_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"cells" jsonb NOT NULL,
	CONSTRAINT "import_records_session_id_position_pk" PRIMARY KEY("session_id","position")
);
--> statement-breakpoint
CREATE TABLE "import_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"format" text NOT NULL,
	"sheets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sheet" text,
	"columns" jsonb NOT NULL,
	"records" integer NOT NULL,
	"kind" text,
	"options" jsonb,
	"stats" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_records" ADD CONSTRAINT "import_records_session_id_import_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."import_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_sessions" ADD CONSTRAINT "import_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_sessions_created_at_index" ON "import_sessions" USING btree ("created_at");