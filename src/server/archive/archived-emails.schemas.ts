import { z } from "zod";
import { pageQuerySchema } from "../platform/validation/query-params";
import { uuid } from "../platform/validation/uuid";

export const sourceEmailsParamsSchema = z.object({ ingestionSourceId: uuid("ingestionSourceId") });
export const emailIdParamsSchema = z.object({ id: uuid("id") });
export const attachmentParamsSchema = z.object({ id: uuid("id"), attachmentId: uuid("attachmentId") });
/** The interface: page default 1, limit default 10; limit above 100 is 422. */
export const emailListQuerySchema = pageQuerySchema({ limit: 10, maxLimit: 100 });
export const unsearchableQuerySchema = pageQuerySchema({ limit: 50, maxLimit: 100 });
