import { downloadAttachmentOperation } from "@/server/api/archive/archived-emails.operations";
import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(downloadAttachmentOperation) });
