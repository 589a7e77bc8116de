import { downloadAttachmentOperation } from "@/server/api/archive/archived-emails.operations";
import { uiRoute } from "@/server/transport/http/session-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = uiRoute(downloadAttachmentOperation);
