-- A key created with an API key is revoked with it (docs/auth.md): a leaked key cannot leave behind a
-- key that outlives it, by expiry or by revocation. Existing keys have no creating key.
ALTER TABLE "api_keys" ADD COLUMN "created_by_key_id" UUID;

CREATE INDEX "api_keys_created_by_key_id_idx" ON "api_keys"("created_by_key_id");

ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_key_id_fkey" FOREIGN KEY ("created_by_key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
