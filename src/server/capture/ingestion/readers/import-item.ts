import { config } from "../../../platform/config/env";

/** One message of an upload or file, in order: its bytes, or why it could not be read; `path` is its folder. */
export type ImportItem = { raw: Buffer; path?: string; tags?: string[] } | { error: string; path?: string };

/** The largest single message we accept (bounded memory per message); larger ones fail alone. */
export const MAX_MESSAGE_BYTES = config.maxMessageBytes;

export const tooLarge = (bytes: number) => `message larger than ${Math.floor(MAX_MESSAGE_BYTES / (1024 * 1024))} MB (${bytes} bytes)`;
