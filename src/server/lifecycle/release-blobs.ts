/** Deletes the stored bytes of the given content hashes that no email or attachment references any more. */
export async function releaseBlobs(hashes: string[]): Promise<void> {
  if (hashes.length === 0) return;
  // TODO: wire to the storage module's unreferenced-blob cleanup once it exists.
}
