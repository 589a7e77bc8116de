import type { SqlClient } from "../platform/db/sql-client";
import { selectTableColumns, selectTableReferences, type TableShape } from "./installation.queries";

/**
 * Tables a backup leaves out: the migration history (restore replays the migrations), the blob
 * journal and the applied blob retention (they concern the old store), and the storage
 * conversion's progress (a restored installation converts again from the start: a blob the backup
 * pool kept from before the conversion is restored plain), and the fingerprints of what the hosts
 * share (a restored installation's hosts record their own: its session secret and production
 * directory are new), and where an interrupted check stopped (it concerns the old installation's store),
 * and callers' last write positions (WAL positions of the old server: meaningless on another).
 */
const NOT_BACKED_UP = new Set([
  "_prisma_migrations",
  "blob_intents",
  "blob_retention",
  "storage_conversion",
  "installation_fingerprints",
  "check_cursors",
  "caller_write_positions",
]);

/** The application's tables, each after the tables it references, so that rows load in this order. */
export async function tablesInDependencyOrder(client: SqlClient): Promise<TableShape[]> {
  const [columns, references] = await Promise.all([selectTableColumns(client), selectTableReferences(client)]);
  const shapes = new Map<string, TableShape>();
  for (const row of columns) {
    if (NOT_BACKED_UP.has(row.table)) continue;
    const shape = shapes.get(row.table) ?? { name: row.table, columns: [] };
    shape.columns.push(row.column);
    shapes.set(row.table, shape);
  }
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name) || !shapes.has(name)) return;
    if (path.includes(name)) throw new Error(`Foreign keys form a cycle: ${[...path, name].join(" -> ")}`);
    for (const reference of references) if (reference.table === name) place(reference.referenced, [...path, name]);
    placed.add(name);
    ordered.push(shapes.get(name)!);
  };
  for (const name of [...shapes.keys()].sort()) place(name, []);
  return ordered;
}
