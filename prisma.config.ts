import { defineConfig } from "prisma/config";

// The datasource URL is only needed by Prisma CLI commands that talk to a database
// (`prisma migrate deploy` on a machine where the schema engine can be downloaded).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/archive" },
});
