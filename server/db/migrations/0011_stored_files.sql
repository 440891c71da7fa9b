CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- WebP is compressed already: store the bytes out of line as they are, without trying pglz.
ALTER TABLE "stored_files" ALTER COLUMN "data" SET STORAGE EXTERNAL;
