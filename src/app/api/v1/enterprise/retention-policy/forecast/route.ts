import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { forecastDeletionsOperation } from "@/server/lifecycle/lifecycle.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(forecastDeletionsOperation) });
