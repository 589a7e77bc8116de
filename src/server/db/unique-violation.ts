/** True for a unique-constraint violation, whether reported by Prisma (P2002) or PostgreSQL (23505). */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const candidate = current as { code?: unknown; meta?: Record<string, unknown>; cause?: unknown };
    if (candidate.code === "P2002" || candidate.code === "23505") return true;
    const adapterError = candidate.meta?.driverAdapterError as { cause?: { originalCode?: string; kind?: string } } | undefined;
    if (adapterError?.cause?.originalCode === "23505" || adapterError?.cause?.kind === "UniqueConstraintViolation") return true;
    if (candidate.meta?.code === "23505") return true;
    current = candidate.cause;
  }
  return false;
}

/** True when a row is referenced by a foreign key that restricts its deletion (PostgreSQL 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  const candidate = error as { code?: unknown; meta?: Record<string, unknown> };
  const adapterError = candidate?.meta?.driverAdapterError as { cause?: { originalCode?: string; kind?: string } } | undefined;
  return (
    candidate?.code === "P2003" ||
    candidate?.code === "23503" ||
    adapterError?.cause?.originalCode === "23503" ||
    adapterError?.cause?.kind === "ForeignKeyConstraintViolation"
  );
}
