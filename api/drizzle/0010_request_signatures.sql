CREATE TABLE "request_signatures" (
	"sign" text PRIMARY KEY NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_signatures_signed_at_idx" ON "request_signatures" USING btree ("signed_at");