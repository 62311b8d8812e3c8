CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"width" integer,
	"height" integer,
	"variants" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "logo_id" uuid;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "photo_id" uuid;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_owner_id_index" ON "assets" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_logo_id_assets_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_photo_id_assets_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" DROP COLUMN "logo";--> statement-breakpoint
ALTER TABLE "people" DROP COLUMN "photo";