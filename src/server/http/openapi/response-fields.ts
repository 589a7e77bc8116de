import { z } from "zod";

/** Building blocks of the response schemas (`<domain>.responses.ts`): what a client receives as JSON. */
export const timestamp = z.iso.datetime({ offset: true });
export const messageResponse = z.object({ message: z.string() });
export const count = z.number().int().min(0);
