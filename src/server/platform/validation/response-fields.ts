import { z } from "zod";

/** Building blocks of the response schemas (`<domain>.responses.ts`): what a client receives as JSON. */
/**
 * An instant, sent as an ISO 8601 string. A use case may return it as a `Date` (what the tRPC
 * output and the JSON body turn into that string) or as the string already.
 */
export const timestamp = z.union([z.date().transform((date) => date.toISOString()), z.string()]).pipe(z.iso.datetime({ offset: true }));
export const messageResponse = z.object({ message: z.string() });
export const count = z.number().int().min(0);
