import type { ReadStreamOptions } from "yazl";

/** yazl 3's addReadStreamLazy, which @types/yazl 2 does not know: the stream is opened when its entry is written. */
declare module "yazl" {
  interface ZipFile {
    addReadStreamLazy(
      metadataPath: string,
      options: Partial<ReadStreamOptions>,
      getReadStream: (callback: (error: Error | null, stream: NodeJS.ReadableStream) => void) => void,
    ): void;
  }
}
