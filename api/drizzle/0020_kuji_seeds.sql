CREATE TABLE "kuji_seeds" (
	"kuji_id" integer NOT NULL,
	"round" integer NOT NULL,
	"from_box" integer NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"committed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "kuji_seeds_kuji_id_round_pk" PRIMARY KEY("kuji_id","round")
);
--> statement-breakpoint
ALTER TABLE "kuji_seeds" ADD CONSTRAINT "kuji_seeds_kuji_id_kujis_id_fk" FOREIGN KEY ("kuji_id") REFERENCES "public"."kujis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kuji_seeds_box_idx" ON "kuji_seeds" USING btree ("kuji_id","from_box");