-- A cycle run on request ("Run lifecycle cycle now") names the job that asked for it.
ALTER TABLE "lifecycle_cycles" ADD COLUMN "job_id" UUID;
CREATE INDEX "lifecycle_cycles_job_id_idx" ON "lifecycle_cycles" ("job_id");
