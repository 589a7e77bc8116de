import type pg from "pg";

/** Tables a backup leaves out: the migration history (restore replays the migrations), the blob journal and the applied blob retention (they concern the old store). */
const NOT_BACKED_UP = new Set(["_prisma_migrations", "blob_intents", "blob_retention"]);

export interface TableShape {
  name: string;
  /** Stored columns in table order (generated columns are computed again on restore). */
  columns: string[];
}

/** The application's tables, each after the tables it references, so that rows load in this order. */
export async function tablesInDependencyOrder(client: pg.ClientBase): Promise<TableShape[]> {
  const { rows: columns } = await client.query<{ table: string; column: string }>(`
    SELECT c.relname AS table, a.attname AS column
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
     ORDER BY c.relname, a.attnum`);
  const { rows: references } = await client.query<{ table: string; referenced: string }>(`
    SELECT DISTINCT c.relname AS table, r.relname AS referenced
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public' AND c.oid <> r.oid`);
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

/** The sequences of the public schema (serial and identity columns). */
export async function listSequences(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'S' AND n.nspname = 'public' ORDER BY 1`);
  return rows.map((row) => row.name);
}

export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
