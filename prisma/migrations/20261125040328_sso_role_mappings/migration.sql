-- CreateTable
CREATE TABLE "sso_role_mappings" (
    "position" INTEGER NOT NULL,
    "group_name" TEXT NOT NULL,
    "group_key" TEXT NOT NULL,
    "role_id" UUID NOT NULL,

    CONSTRAINT "sso_role_mappings_pkey" PRIMARY KEY ("position")
);

-- CreateTable
CREATE TABLE "sso_default_role" (
    "singleton" BOOLEAN NOT NULL DEFAULT true,
    "role_id" UUID NOT NULL,

    CONSTRAINT "sso_default_role_pkey" PRIMARY KEY ("singleton"),
    CONSTRAINT "sso_default_role_singleton" CHECK ("singleton")
);

-- CreateIndex
CREATE UNIQUE INDEX "sso_role_mappings_group_key_key" ON "sso_role_mappings"("group_key");

-- CreateIndex
CREATE INDEX "sso_role_mappings_role_id_idx" ON "sso_role_mappings"("role_id");

-- CreateIndex
CREATE INDEX "sso_default_role_role_id_idx" ON "sso_default_role"("role_id");

-- AddForeignKey
ALTER TABLE "sso_role_mappings" ADD CONSTRAINT "sso_role_mappings_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso_default_role" ADD CONSTRAINT "sso_default_role_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
