import { z } from "zod";

/** A UUID field whose error names it (`id must be a UUID`), as every schema of the interface words it. */
export const uuid = (name: string) => z.uuid({ message: `${name} must be a UUID` });
