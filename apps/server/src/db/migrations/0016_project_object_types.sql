CREATE TABLE "project_object_types" (
	"project_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_object_types_project_id_type_id_pk" PRIMARY KEY("project_id","type_id")
);
--> statement-breakpoint
ALTER TABLE "project_object_types" ADD CONSTRAINT "project_object_types_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_object_types" ADD CONSTRAINT "project_object_types_type_id_object_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."object_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_object_types_type_id_index" ON "project_object_types" USING btree ("type_id");