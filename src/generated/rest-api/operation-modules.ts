/**
 * Generated from every src/server/api/<context>/<name>.operations.ts by `npm run openapi:types`; do not edit.
 * Every declared operation, for the OpenAPI document and the route-file test.
 */
import * as declarations0 from "@/server/api/analytics/analytics.operations";
import * as declarations1 from "@/server/api/archive/archived-emails.operations";
import * as declarations2 from "@/server/api/archive/dashboard.operations";
import * as declarations3 from "@/server/api/archive/occurrences.operations";
import * as declarations4 from "@/server/api/audit/audit.operations";
import * as declarations5 from "@/server/api/capture/ingestion-sources.operations";
import * as declarations6 from "@/server/api/capture/restore.operations";
import * as declarations7 from "@/server/api/ediscovery/ediscovery.operations";
import * as declarations8 from "@/server/api/identity/api-keys.operations";
import * as declarations9 from "@/server/api/identity/auth.operations";
import * as declarations10 from "@/server/api/identity/roles.operations";
import * as declarations11 from "@/server/api/identity/sso.operations";
import * as declarations12 from "@/server/api/identity/users.operations";
import * as declarations13 from "@/server/api/installation/system.operations";
import * as declarations14 from "@/server/api/retention/dispositions.operations";
import * as declarations15 from "@/server/api/retention/legal-holds.operations";
import * as declarations16 from "@/server/api/retention/lifecycle.operations";
import * as declarations17 from "@/server/api/retention/retention-labels.operations";
import * as declarations18 from "@/server/api/retention/retention-policies.operations";
import * as declarations19 from "@/server/api/search/search.operations";
import * as declarations20 from "@/server/api/settings/license.operations";
import * as declarations21 from "@/server/api/settings/settings.operations";

export const operationModules: readonly Record<string, unknown>[] = [declarations0, declarations1, declarations2, declarations3, declarations4, declarations5, declarations6, declarations7, declarations8, declarations9, declarations10, declarations11, declarations12, declarations13, declarations14, declarations15, declarations16, declarations17, declarations18, declarations19, declarations20, declarations21];
