-- AlterTable
ALTER TABLE "restore_runs" ADD COLUMN     "destination_fingerprint" TEXT;
