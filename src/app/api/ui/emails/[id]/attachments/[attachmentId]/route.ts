import { downloadAttachmentOperation } from "@/server/archived-emails/archived-emails.operations";
import { routeMethods } from "@/server/http/rest-endpoint";
import { sessionRoute } from "@/server/http/session-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: sessionRoute(downloadAttachmentOperation) });
