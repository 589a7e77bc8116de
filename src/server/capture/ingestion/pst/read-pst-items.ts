import type { ImportItem } from "../readers/import-item";

/** A .pst file's messages as import items, each with its folder path (an item that fails keeps it too, for the receipt). */
export async function* readPstItems(file: string): AsyncGenerator<ImportItem> {
  // Loaded on demand: the PST reader and its dependencies are only needed for .pst files.
  const { readPstMessages } = await import("./read-pst-messages");
  for await (const item of readPstMessages(file)) {
    yield "error" in item ? { error: `${item.folder}: ${item.error}`, path: item.folder } : { raw: item.raw, path: item.folder };
  }
}
