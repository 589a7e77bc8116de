type DriverError = { code?: unknown; meta?: Record<string, unknown>; cause?: unknown };

/**
 * True when the error, or any error in its `cause` chain, is the given constraint violation as Prisma
 * reports it (its own code, or the driver adapter's PostgreSQL code or kind) or as pg reports it.
 */
function isViolation(error: unknown, codes: { prisma: string; postgres: string; adapterKind?: string }): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const candidate = current as DriverError;
    if (candidate.code === codes.prisma || candidate.code === codes.postgres) return true;
    const adapterError = candidate.meta?.driverAdapterError as { cause?: { originalCode?: string; kind?: string } } | undefined;
    if (adapterError?.cause?.originalCode === codes.postgres) return true;
    if (codes.adapterKind !== undefined && adapterError?.cause?.kind === codes.adapterKind) return true;
    if (candidate.meta?.code === codes.postgres) return true;
    current = candidate.cause;
  }
  return false;
}

/** True for a unique-constraint violation, whether reported by Prisma (P2002) or PostgreSQL (23505). */
export const isUniqueViolation = (error: unknown): boolean =>
  isViolation(error, { prisma: "P2002", postgres: "23505", adapterKind: "UniqueConstraintViolation" });

/** True when a row is referenced by a foreign key that restricts the change (Prisma P2003, PostgreSQL 23503). */
export const isForeignKeyViolation = (error: unknown): boolean =>
  isViolation(error, { prisma: "P2003", postgres: "23503", adapterKind: "ForeignKeyConstraintViolation" });

/**
 * True when a statement was cancelled: its statement_timeout fired or an operator cancelled it
 * (PostgreSQL 57014, also inside a Prisma transaction), or a Prisma interactive transaction
 * outlived its timeout (P2028).
 */
export const isStatementCancelled = (error: unknown): boolean => isViolation(error, { prisma: "P2028", postgres: "57014" });
