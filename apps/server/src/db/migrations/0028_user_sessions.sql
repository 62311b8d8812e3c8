CREATE TABLE "user_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_because" text,
	"user_agent" text,
	"ip" text,
	"remember" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_sessions_user_id_index" ON "user_sessions" USING btree ("user_id");--> statement-breakpoint
-- Sign-ins still alive keep going: each live refresh family becomes a session of the same id.
INSERT INTO "user_sessions" ("id", "user_id", "started_at", "last_used_at", "remember")
SELECT "family_id", "user_id", min("session_started_at"), max("created_at"), bool_or("remember")
FROM "refresh_tokens" WHERE "revoked_at" IS NULL AND "expires_at" > now()
GROUP BY "family_id", "user_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "sessions_valid_after";