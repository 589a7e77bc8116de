import { deleteArchivedEmailOperation, getArchivedEmailOperation } from "@/server/archived-emails/archived-emails.operations";
import { rest, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: rest(getArchivedEmailOperation),
  DELETE: rest(deleteArchivedEmailOperation),
});
