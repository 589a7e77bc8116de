/**
 * How `npm run worker` starts Node (package.json), so that an export's memory stays flat
 * (docs/ediscovery.md, "Memory"); the bench runs the worker's scenarios the same way.
 *
 * - `MALLOC_MMAP_THRESHOLD_`: glibc serves every allocation above 128 KB (message buffers, query
 *   results) from its own mapping and returns it to the system when freed. By default the
 *   threshold rises after such frees, and the freed memory then stayed in the threads' arenas.
 * - A small young generation, and a first full collection at 16 MB growing by 10% from the live
 *   heap: the batches' rows outlive a young collection, and with the defaults about 100 MB of them
 *   piled up in the old generation before the first full one.
 */
export const WORKER_ENV = { MALLOC_MMAP_THRESHOLD_: "131072" };
export const WORKER_NODE_FLAGS = ["--max-semi-space-size=2", "--initial-old-space-size=16", "--heap-growing-percent=10"];
