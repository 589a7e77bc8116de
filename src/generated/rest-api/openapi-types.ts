/**
 * Generated from GET /v1/openapi.json by `npm run openapi:types` (openapi-typescript); do not edit.
 * Use with openapi-fetch: createClient<paths>({ baseUrl }).
 */

export interface paths {
    "/api/v1/enterprise/audit-logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page through the audit log
         * @description Permission `read:audit`.
         */
        get: {
            parameters: {
                query?: {
                    actionType?: "APPLY_HOLD" | "APPLY_LABEL" | "BULK_APPLY_HOLD" | "CREATE" | "DECIDE_DISPOSITION" | "DELETE" | "DELETE_REFUSED" | "DISABLE" | "DOWNLOAD" | "EXPORT" | "IMPORT" | "INTEGRITY_FAILURE" | "LOGIN" | "LOGIN_FAILED" | "MFA_DISABLE" | "MFA_ENABLE" | "MFA_SETUP" | "QUEUE_DISPOSITION" | "READ" | "REAUTHENTICATE" | "RELEASE_ALL" | "REMOVE_HOLD" | "REMOVE_LABEL" | "RESTORE" | "RESTORE_FAILED" | "RESTORE_REQUESTED" | "RETRY" | "REVOKE_SESSIONS" | "SEARCH" | "SETUP" | "SYNC" | "TAG_APPLY" | "TAG_REMOVE" | "UPDATE" | "VERIFY";
                    actor?: string;
                    actorUserId?: string;
                    endDate?: string;
                    limit?: string;
                    page?: string;
                    sort?: "asc" | "desc";
                    startDate?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                actionType: string;
                                actorIdentifier: string;
                                actorIp: string;
                                currentHash: string;
                                details: unknown;
                                id: number;
                                previousHash: string | null;
                                targetId: string;
                                targetType: string;
                                /** Format: date-time */
                                timestamp: string;
                            }[];
                            meta: {
                                limit: number;
                                page: number;
                                total: number;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/audit-logs/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the audit log, filtered like the list, as CSV or JSON Lines (streamed, audited)
         * @description Permission `read:audit`. Rate limit `export`.
         */
        get: {
            parameters: {
                query?: {
                    actionType?: "APPLY_HOLD" | "APPLY_LABEL" | "BULK_APPLY_HOLD" | "CREATE" | "DECIDE_DISPOSITION" | "DELETE" | "DELETE_REFUSED" | "DISABLE" | "DOWNLOAD" | "EXPORT" | "IMPORT" | "INTEGRITY_FAILURE" | "LOGIN" | "LOGIN_FAILED" | "MFA_DISABLE" | "MFA_ENABLE" | "MFA_SETUP" | "QUEUE_DISPOSITION" | "READ" | "REAUTHENTICATE" | "RELEASE_ALL" | "REMOVE_HOLD" | "REMOVE_LABEL" | "RESTORE" | "RESTORE_FAILED" | "RESTORE_REQUESTED" | "RETRY" | "REVOKE_SESSIONS" | "SEARCH" | "SETUP" | "SYNC" | "TAG_APPLY" | "TAG_REMOVE" | "UPDATE" | "VERIFY";
                    actor?: string;
                    actorUserId?: string;
                    endDate?: string;
                    format?: "csv" | "jsonl";
                    startDate?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": unknown;
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/audit-logs/head": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The chain's last entry and its length
         * @description Permission `read:audit`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            count: number;
                            currentHash: string | null;
                            id: number | null;
                            timestamp: string | null;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/audit-logs/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the audit log's hash chain
         * @description Permission `read:audit`. Rate limit `auditVerify`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            /** @constant */
                            ok: true;
                        } | {
                            logId: number;
                            message: string;
                            /** @constant */
                            ok: false;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The operation ran out of time, or a server it talks to could not be reached; retry after the Retry-After header's seconds */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/ediscovery/cases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the eDiscovery cases the caller may see
         * @description Permission `read:ediscovery`. License feature `EDISCOVERY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            closedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            createdById: string | null;
                            custodians: string[];
                            description: string | null;
                            /** Format: uuid */
                            id: string;
                            memberIds: string[];
                            members: {
                                email: string;
                                id: string;
                                name: string;
                            }[];
                            name: string;
                            nextBates: number;
                            /** @enum {string} */
                            status: "open" | "closed";
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Open an eDiscovery case
         * @description Permission `manage:ediscovery`. License feature `EDISCOVERY`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        custodians?: string[];
                        description?: string | null;
                        memberIds?: string[];
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            closedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            createdById: string | null;
                            custodians: string[];
                            description: string | null;
                            /** Format: uuid */
                            id: string;
                            memberIds: string[];
                            members: {
                                email: string;
                                id: string;
                                name: string;
                            }[];
                            name: string;
                            nextBates: number;
                            /** @enum {string} */
                            status: "open" | "closed";
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/ediscovery/cases/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a case
         * @description Permission `read:ediscovery`. License feature `EDISCOVERY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            closedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            createdById: string | null;
                            custodians: string[];
                            description: string | null;
                            exports: {
                                batesBegin: string | null;
                                batesEnd: string | null;
                                bytes: number;
                                /** Format: uuid */
                                caseId: string;
                                completedAt: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                createdById: string | null;
                                error: string | null;
                                /** @enum {string} */
                                format: "eml" | "mbox" | "pdf";
                                /** Format: uuid */
                                id: string;
                                includeAttachmentText: boolean;
                                manifestSha256: string | null;
                                name: string;
                                pageCount: number | null;
                                processedItems: number;
                                production: {
                                    bates: {
                                        digits: number;
                                        prefix: string;
                                        start: number;
                                    };
                                    endorsement: string | null;
                                    redact: {
                                        /** @enum {string} */
                                        kind: "text" | "regex";
                                        label: string;
                                    }[];
                                    withhold: {
                                        tags: string[];
                                    };
                                } | null;
                                queryUsed: unknown;
                                source: unknown;
                                startedAt: string | null;
                                /** @enum {string} */
                                status: "queued" | "running" | "completed" | "failed" | "cancelled";
                                totalItems: number;
                                unrestricted: boolean;
                            }[];
                            holds: {
                                caseId: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                emailCount: number;
                                /** Format: uuid */
                                id: string;
                                isActive: boolean;
                                name: string;
                                reason: string | null;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            /** Format: uuid */
                            id: string;
                            memberIds: string[];
                            members: {
                                email: string;
                                id: string;
                                name: string;
                            }[];
                            name: string;
                            nextBates: number;
                            searches: {
                                /** Format: uuid */
                                caseId: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: uuid */
                                id: string;
                                ignoreCustodians: boolean;
                                lastCount: number | null;
                                lastRunAt: string | null;
                                name: string;
                                searchQuery: {
                                    [key: string]: unknown;
                                };
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            /** @enum {string} */
                            status: "open" | "closed";
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Change a case
         * @description Permission `manage:ediscovery`. License feature `EDISCOVERY`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        custodians?: string[];
                        description?: string | null;
                        memberIds?: string[];
                        name?: string;
                        /** @enum {string} */
                        status?: "open" | "closed";
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            closedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            createdById: string | null;
                            custodians: string[];
                            description: string | null;
                            /** Format: uuid */
                            id: string;
                            memberIds: string[];
                            members: {
                                email: string;
                                id: string;
                                name: string;
                            }[];
                            name: string;
                            nextBates: number;
                            /** @enum {string} */
                            status: "open" | "closed";
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a case
         * @description Permission `manage:ediscovery`. License feature `EDISCOVERY`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/ediscovery/cases/{id}/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A case's review analytics: conversations, classes, near-duplicates, languages, review reduction
         * @description Permission `read:ediscovery`. License feature `EDISCOVERY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            conversations: number;
                            emails: number;
                            emailsInNearDuplicateGroups: number;
                            inclusive: number;
                            inclusiveCopy: number;
                            inclusiveMinus: number;
                            languages: {
                                [key: string]: number;
                            };
                            nearDuplicateGroups: number;
                            none: number;
                            notAnalysed: number;
                            reviewReduction: number;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/ediscovery/cases/{id}/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a case's exports
         * @description Permission `read:ediscovery`. License feature `EDISCOVERY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            batesBegin: string | null;
                            batesEnd: string | null;
                            bytes: number;
                            /** Format: uuid */
                            caseId: string;
                            completedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            createdById: string | null;
                            error: string | null;
                            /** @enum {string} */
                            format: "eml" | "mbox" | "pdf";
                            /** Format: uuid */
                            id: string;
                            includeAttachmentText: boolean;
                            manifestSha256: string | null;
                            name: string;
                            pageCount: number | null;
                            processedItems: number;
                            production: {
                                bates: {
                                    digits: number;
                                    prefix: string;
                                    start: number;
                                };
                                endorsement: string | null;
                                redact: {
                                    /** @enum {string} */
                                    kind: "text" | "regex";
                                    label: string;
                                }[];
                                withhold: {
                                    tags: string[];
                                };
                            } | null;
                            queryUsed: unknown;
                            source: unknown;
                            startedAt: string | null;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "failed" | "cancelled";
                            totalItems: number;
                            unrestricted: boolean;
                        }[];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Start an export of a case's emails
         * @description Permission `manage:ediscovery`. License feature `EDISCOVERY`. Rate limit `export`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        bates?: {
                            digits: number;
                            prefix: string;
                            start: number;
                        };
                        endorsement?: string;
                        /** @enum {string} */
                        format: "eml" | "mbox" | "pdf";
                        includeAttachmentText?: boolean;
                        inclusiveOnly?: boolean;
                        name: string;
                        redact?: {
                            /** @enum {string} */
                            kind: "text" | "regex";
                            label?: string;
                            pattern: string;
                        }[];
                        source: {
                            /** Format: uuid */
                            searchId: string;
                        } | {
                            searchQuery: {
                                filters?: {
                                    endDate?: string;
                                    from?: string;
                                    hasAttachments?: boolean | ("true" | "false");
                                    /** Format: uuid */
                                    ingestionSourceId?: string;
                                    startDate?: string;
                                    to?: string;
                                    userEmail?: string;
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @enum {string} */
                                matchingStrategy?: "last" | "all" | "frequency";
                                query: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | {
                            /** Format: uuid */
                            holdId: string;
                        } | {
                            /** Format: uuid */
                            tagId: string;
                        };
                        withhold?: {
                            tags: string[];
                        };
                    };
                };
            };
            responses: {
                /** @description Success */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            batesBegin: string | null;
                            batesEnd: string | null;
                            bytes: number;
                            /** Format: uuid */
                            caseId: string;
                            completedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            createdById: string | null;
                            error: string | null;
                            /** @enum {string} */
                            format: "eml" | "mbox" | "pdf";
                            /** Format: uuid */
                            id: string;
                            includeAttachmentText: boolean;
                            manifestSha256: string | null;
                            name: string;
                            pageCount: number | null;
                            processedItems: number;
                            production: {
                                bates: {
                                    digits: number;
                                    prefix: string;
                                    start: number;
                                };
                                endorsement: string | null;
                                redact: {
                                    /** @enum {string} */
                                    kind: "text" | "regex";
                                    label: string;
                                }[];
                                withhold: {
                                    tags: string[];
                                };
                            } | null;
                            queryUsed: unknown;
                            source: unknown;
                            startedAt: string | null;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "failed" | "cancelled";
                            totalItems: number;
                            unrestricted: boolean;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/ediscovery/cases/{id}/exports/{exportId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an export's state
         * @description Permission `read:ediscovery`. License feature `EDISCOVERY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    exportId: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            batesBegin: string | null;
                            batesEnd: string | null;
                            bytes: number;
                            /** Format: uuid */
                            caseId: string;
                            completedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            createdById: string | null;
                            error: string | null;
                            /** @enum {string} */
                            format: "eml" | "mbox" | "pdf";
                            /** Format: uuid */
                            id: string;
                            includeAttachmentText: boolean;
                            manifestSha256: string | null;
                            name: string;
                            pageCount: number | null;
                            processedItems: number;
                            production: {
                                bates: {
                                    digits: number;
                                    prefix: string;
                                    start: number;
                                };
                                endorsement: string | null;
                                redact: {
                                    /** @enum {string} */
                                    kind: "text" | "regex";
                                    label: string;
                                }[];
                                withhold: {
                                    tags: string[];
                                };
                            } | null;
                            queryUsed: unknown;
                            source: unknown;
                            startedAt: string | null;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "failed" | "cancelled";
                            totalItems: number;
                            unrestricted: boolean;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/ediscovery/cases/{id}/exports/{exportId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a running export
         * @description Permission `manage:ediscovery`. License feature `EDISCOVERY`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    exportId: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            batesBegin: string | null;
                            batesEnd: string | null;
                            bytes: number;
                            /** Format: uuid */
                            caseId: string;
                            completedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            createdById: string | null;
                            error: string | null;
                            /** @enum {string} */
                            format: "eml" | "mbox" | "pdf";
                            /** Format: uuid */
                            id: string;
                            includeAttachmentText: boolean;
                            manifestSha256: string | null;
                            name: string;
                            pageCount: number | null;
                            processedItems: number;
                            production: {
                                bates: {
                                    digits: number;
                                    prefix: string;
                                    start: number;
                                };
                                endorsement: string | null;
                                redact: {
                                    /** @enum {string} */
                                    kind: "text" | "regex";
                                    label: string;
                                }[];
                                withhold: {
                                    tags: string[];
                                };
                            } | null;
                            queryUsed: unknown;
                            source: unknown;
                            startedAt: string | null;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "failed" | "cancelled";
                            totalItems: number;
                            unrestricted: boolean;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/ediscovery/cases/{id}/exports/{exportId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a finished export (ZIP)
         * @description Permission `read:ediscovery`. License feature `EDISCOVERY`. Rate limit `export`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    exportId: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/zip": unknown;
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/ediscovery/cases/{id}/searches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a case's saved searches
         * @description Permission `read:ediscovery`. License feature `EDISCOVERY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            caseId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            ignoreCustodians: boolean;
                            lastCount: number | null;
                            lastRunAt: string | null;
                            name: string;
                            searchQuery: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Save a search in a case
         * @description Permission `manage:ediscovery`. License feature `EDISCOVERY`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        ignoreCustodians?: boolean;
                        name: string;
                        searchQuery: {
                            filters?: {
                                endDate?: string;
                                from?: string;
                                hasAttachments?: boolean | ("true" | "false");
                                /** Format: uuid */
                                ingestionSourceId?: string;
                                startDate?: string;
                                to?: string;
                                userEmail?: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            matchingStrategy?: "last" | "all" | "frequency";
                            query: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            caseId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            ignoreCustodians: boolean;
                            lastCount: number | null;
                            lastRunAt: string | null;
                            name: string;
                            searchQuery: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/ediscovery/cases/{id}/searches/{searchId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a saved search
         * @description Permission `read:ediscovery`. License feature `EDISCOVERY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    searchId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            caseId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            ignoreCustodians: boolean;
                            lastCount: number | null;
                            lastRunAt: string | null;
                            name: string;
                            searchQuery: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Change a saved search
         * @description Permission `manage:ediscovery`. License feature `EDISCOVERY`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    searchId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        ignoreCustodians?: boolean;
                        name?: string;
                        searchQuery?: {
                            filters?: {
                                endDate?: string;
                                from?: string;
                                hasAttachments?: boolean | ("true" | "false");
                                /** Format: uuid */
                                ingestionSourceId?: string;
                                startDate?: string;
                                to?: string;
                                userEmail?: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            matchingStrategy?: "last" | "all" | "frequency";
                            query: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            caseId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: uuid */
                            id: string;
                            ignoreCustodians: boolean;
                            lastCount: number | null;
                            lastRunAt: string | null;
                            name: string;
                            searchQuery: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a saved search
         * @description Permission `manage:ediscovery`. License feature `EDISCOVERY`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    searchId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/ediscovery/cases/{id}/searches/{searchId}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a saved search
         * @description Permission `read:ediscovery`. License feature `EDISCOVERY`. Rate limit `search`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    searchId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sample: {
                                /** Format: date-time */
                                archivedAt: string;
                                hasAttachments: boolean;
                                id: string;
                                ingestionSourceId: string;
                                isIndexed: boolean;
                                isOnLegalHold: boolean;
                                messageIdHeader: string;
                                path: string;
                                recipients: {
                                    email: string;
                                    name: string;
                                }[];
                                senderEmail: string;
                                senderName: string;
                                /** Format: date-time */
                                sentAt: string;
                                sentAtFallback: ("missing" | "unparseable" | "future" | "no-headers") | null;
                                sizeBytes: number;
                                snippet: string;
                                storageHashSha256: string;
                                storagePath: string;
                                subject: string;
                                tags: string[];
                                userEmail: string;
                            }[];
                            total: number;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The operation ran out of time, or a server it talks to could not be reached; retry after the Retry-After header's seconds */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/ediscovery/cases/{id}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a case's review tags
         * @description Permission `read:ediscovery`. License feature `EDISCOVERY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            caseId: string;
                            /** Format: date-time */
                            createdAt: string;
                            emailCount: number;
                            /** Format: uuid */
                            id: string;
                            name: string;
                        }[];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a review tag
         * @description Permission `manage:ediscovery`. License feature `EDISCOVERY`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            caseId: string;
                            /** Format: date-time */
                            createdAt: string;
                            emailCount: number;
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/ediscovery/cases/{id}/tags/{tagId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a review tag
         * @description Permission `manage:ediscovery`. License feature `EDISCOVERY`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    tagId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/ediscovery/cases/{id}/tags/{tagId}/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Tag emails, by id or by saved search
         * @description Permission `manage:ediscovery`. License feature `EDISCOVERY`. Rate limit `bulkApply`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    tagId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        emailIds: string[];
                    } | {
                        /** Format: uuid */
                        searchId: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            emailsMatched: number;
                            emailsTagged: number;
                            /** Format: uuid */
                            tagId: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The operation ran out of time, or a server it talks to could not be reached; retry after the Retry-After header's seconds */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/ediscovery/cases/{id}/tags/{tagId}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a tag from emails
         * @description Permission `manage:ediscovery`. License feature `EDISCOVERY`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    tagId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        emailIds: string[];
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            emailsUntagged: number;
                            /** Format: uuid */
                            tagId: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/ediscovery/export-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The installation's public key that signs export manifests
         * @description Any signed-in caller. License feature `EDISCOVERY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @constant */
                            algorithm: "Ed25519";
                            publicKey: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/legal-holds/email/{emailId}/holds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the holds applied to an email
         * @description Permission `read:archive`. License feature `LEGAL_HOLDS`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    emailId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            appliedAt: string;
                            appliedByUserId: string | null;
                            holdName: string;
                            isActive: boolean;
                            /** Format: uuid */
                            legalHoldId: string;
                        }[];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Apply a hold to an email (idempotent)
         * @description Permission `manage:holds` (`manage:all` grants it). License feature `LEGAL_HOLDS`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    emailId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        holdId: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            appliedAt: string;
                            appliedByUserId: string | null;
                            holdName: string;
                            isActive: boolean;
                            /** Format: uuid */
                            legalHoldId: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/legal-holds/email/{emailId}/holds/{holdId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a hold from an email
         * @description Permission `manage:holds` (`manage:all` grants it). License feature `LEGAL_HOLDS`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    emailId: string;
                    holdId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/legal-holds/holds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List legal holds, oldest first, each with its email count
         * @description Permission `manage:holds` (`manage:all` grants it). License feature `LEGAL_HOLDS`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            caseId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            emailCount: number;
                            /** Format: uuid */
                            id: string;
                            isActive: boolean;
                            name: string;
                            reason: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a legal hold
         * @description Permission `manage:holds` (`manage:all` grants it). License feature `LEGAL_HOLDS`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        caseId?: string | null;
                        name: string;
                        reason?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            caseId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            emailCount: number;
                            /** Format: uuid */
                            id: string;
                            isActive: boolean;
                            name: string;
                            reason: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/legal-holds/holds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a legal hold
         * @description Permission `manage:holds` (`manage:all` grants it). License feature `LEGAL_HOLDS`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            caseId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            emailCount: number;
                            /** Format: uuid */
                            id: string;
                            isActive: boolean;
                            name: string;
                            reason: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Change a legal hold's name, reason, case or active state
         * @description Permission `manage:holds` (`manage:all` grants it). License feature `LEGAL_HOLDS`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        caseId?: string | null;
                        isActive?: boolean;
                        name?: string;
                        reason?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            caseId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            emailCount: number;
                            /** Format: uuid */
                            id: string;
                            isActive: boolean;
                            name: string;
                            reason: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete an inactive legal hold and its links
         * @description Permission `manage:holds` (`manage:all` grants it). License feature `LEGAL_HOLDS`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/legal-holds/holds/{id}/bulk-apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link every email a search query matches to the hold
         * @description Permission `manage:holds` (`manage:all` grants it). License feature `LEGAL_HOLDS`. Rate limit `bulkApply`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        searchQuery: {
                            filters?: {
                                endDate?: string;
                                from?: string;
                                hasAttachments?: boolean | ("true" | "false");
                                /** Format: uuid */
                                ingestionSourceId?: string;
                                startDate?: string;
                                to?: string;
                                userEmail?: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            matchingStrategy?: "last" | "all" | "frequency";
                            query: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            emailsLinked: number;
                            /** Format: uuid */
                            legalHoldId: string;
                            queryUsed: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The operation ran out of time, or a server it talks to could not be reached; retry after the Retry-After header's seconds */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/legal-holds/holds/{id}/release-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove all of a hold's email links, keeping the hold
         * @description Permission `manage:holds` (`manage:all` grants it). License feature `LEGAL_HOLDS`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            emailsReleased: number;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/retention-policy/cycle-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a lifecycle cycle now: queued for the worker (an unfinished earlier request is answered instead)
         * @description Permission `manage:retention` (`manage:all` grants it). License feature `RETENTION_POLICY`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cycle: {
                                awaitingReview: number;
                                deleted: number;
                                durationMs: number | null;
                                evaluated: number;
                                failed: number;
                                failures: unknown[];
                                finishedAt: string | null;
                                id: string;
                                protectedByHold: number;
                                /** Format: date-time */
                                startedAt: string;
                            } | null;
                            error: string | null;
                            /** Format: uuid */
                            id: string;
                            /** Format: date-time */
                            requestedAt: string;
                            requestedBy: string | null;
                            /** @enum {string} */
                            status: "queued" | "running" | "finished" | "failed";
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/retention-policy/cycle-requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A requested lifecycle cycle: queued, running, finished (with what it did) or failed
         * @description Permission `manage:retention` (`manage:all` grants it). License feature `RETENTION_POLICY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cycle: {
                                awaitingReview: number;
                                deleted: number;
                                durationMs: number | null;
                                evaluated: number;
                                failed: number;
                                failures: unknown[];
                                finishedAt: string | null;
                                id: string;
                                protectedByHold: number;
                                /** Format: date-time */
                                startedAt: string;
                            } | null;
                            error: string | null;
                            /** Format: uuid */
                            id: string;
                            /** Format: date-time */
                            requestedAt: string;
                            requestedBy: string | null;
                            /** @enum {string} */
                            status: "queued" | "running" | "finished" | "failed";
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/retention-policy/cycles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The lifecycle worker's latest cycles
         * @description Permission `manage:retention` (`manage:all` grants it). License feature `RETENTION_POLICY`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            awaitingReview: number;
                            deleted: number;
                            durationMs: number | null;
                            evaluated: number;
                            failed: number;
                            failures: unknown[];
                            finishedAt: string | null;
                            id: string;
                            protectedByHold: number;
                            /** Format: date-time */
                            startedAt: string;
                        }[];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/retention-policy/dispositions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List dispositions awaiting or past review
         * @description Any signed-in caller. License feature `RETENTION_POLICY`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    page?: number;
                    rule?: string;
                    status?: "pending" | "approved" | "extended" | "relabeled";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                comment: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                decidedAt: string | null;
                                decidedBy: string | null;
                                destroyedAt: string | null;
                                /** Format: date-time */
                                dueAt: string;
                                email: {
                                    senderEmail: string;
                                    /** Format: date-time */
                                    sentAt: string;
                                    subject: string;
                                } | null;
                                /** Format: uuid */
                                emailId: string;
                                extendedUntil: string | null;
                                /** Format: uuid */
                                id: string;
                                relabeledToLabelId: string | null;
                                rule: {
                                    id: string;
                                    name: string;
                                    /** @enum {string} */
                                    type: "label" | "policy";
                                };
                                /** @enum {string} */
                                status: "pending" | "approved" | "extended" | "relabeled";
                            }[];
                            limit: number;
                            page: number;
                            total: number;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/retention-policy/dispositions/certificate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A signed certificate of destruction for deleted emails
         * @description Permission `manage:dispositions` (`manage:all` grants it). License feature `RETENTION_POLICY`.
         */
        get: {
            parameters: {
                query: {
                    from: string;
                    to: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @constant */
                            algorithm: "Ed25519";
                            count: number;
                            csv: string;
                            /** Format: date-time */
                            from: string;
                            /** Format: date-time */
                            generatedAt: string;
                            publicKey: string;
                            signature: string;
                            /** Format: date-time */
                            until: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/retention-policy/dispositions/decide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or reject pending dispositions
         * @description Any signed-in caller. License feature `RETENTION_POLICY`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        comment: string;
                        days?: number;
                        /** @enum {string} */
                        decision: "approve" | "extend" | "relabel";
                        ids?: string[];
                        /** Format: uuid */
                        labelId?: string;
                        searchQuery?: {
                            filters?: {
                                endDate?: string;
                                from?: string;
                                hasAttachments?: boolean | ("true" | "false");
                                /** Format: uuid */
                                ingestionSourceId?: string;
                                startDate?: string;
                                to?: string;
                                userEmail?: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            matchingStrategy?: "last" | "all" | "frequency";
                            query: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            decided: string[];
                            decision: string;
                            notDecided: string[];
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/retention-policy/email/{emailId}/label": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the label applied to an email (null when none)
         * @description Permission `read:archive`. License feature `RETENTION_POLICY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    emailId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            appliedAt: string;
                            appliedByUserId: string;
                            /** Format: uuid */
                            labelId: string;
                            labelName: string;
                            retentionPeriodDays: number;
                        } | null;
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Apply a label to an email, replacing any earlier one
         * @description Permission `delete:archive`. License feature `RETENTION_POLICY`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    emailId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        labelId: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            appliedAt: string;
                            appliedByUserId: string;
                            /** Format: uuid */
                            labelId: string;
                            labelName: string;
                            retentionPeriodDays: number;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Remove the label from an email
         * @description Permission `delete:archive`. License feature `RETENTION_POLICY`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    emailId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/retention-policy/email/{emailId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An email's retention status: its rule, deadline and protections
         * @description Permission `read:archive`. License feature `RETENTION_POLICY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    emailId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            decidingRule: {
                                id: string | null;
                                name: string | null;
                                retentionPeriodDays: number | null;
                                type: string;
                            };
                            disposition: {
                                action: ("delete" | "review") | null;
                                deletesWhenDue: boolean;
                                extendedUntil: string | null;
                                open: {
                                    decidedBy: string | null;
                                    /** Format: date-time */
                                    dueAt: string;
                                    /** Format: uuid */
                                    id: string;
                                    rule: {
                                        id: string;
                                        name: string;
                                        type: string;
                                    };
                                    /** @enum {string} */
                                    status: "pending" | "approved";
                                } | null;
                                reviewers: string[];
                            };
                            eligibleAt: string | null;
                            /** Format: uuid */
                            emailId: string;
                            holds: {
                                /** Format: date-time */
                                appliedAt: string;
                                holdName: string;
                                /** Format: uuid */
                                legalHoldId: string;
                            }[];
                            label: {
                                /** Format: date-time */
                                appliedAt: string;
                                isDisabled: boolean;
                                /** Format: uuid */
                                labelId: string;
                                labelName: string;
                                retentionPeriodDays: number;
                            } | null;
                            matchingPolicies: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                priority: number;
                                retentionPeriodDays: number;
                            }[];
                            protectedByHold: boolean;
                            /** Format: date-time */
                            sentAt: string;
                            withoutHolds: {
                                decidingRule: {
                                    id: string | null;
                                    name: string | null;
                                    retentionPeriodDays: number | null;
                                    type: string;
                                };
                                eligibleAt: string | null;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/retention-policy/forecast": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many emails expire over the coming days
         * @description Permission `manage:retention` (`manage:all` grants it). License feature `RETENTION_POLICY`.
         */
        get: {
            parameters: {
                query?: {
                    days?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            byDay: {
                                count: number;
                                date: string;
                            }[];
                            byRule: {
                                count: number;
                                id: string;
                                name: string;
                                retentionPeriodDays: number;
                                /** @enum {string} */
                                type: "label" | "policy";
                            }[];
                            byWeek: {
                                count: number;
                                weekStart: string;
                            }[];
                            days: number;
                            dueNow: number;
                            /** Format: date-time */
                            generatedAt: string;
                            /** Format: date-time */
                            horizon: string;
                            reviews: {
                                awaitingDecision: number;
                                byRule: {
                                    awaitingDecision: number;
                                    id: string;
                                    name: string;
                                    retentionPeriodDays: number;
                                    /** @enum {string} */
                                    type: "label" | "policy";
                                    upcoming: number;
                                }[];
                                upcoming: number;
                            };
                            total: number;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/retention-policy/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List retention labels, oldest first
         * @description Permission `manage:retention` (`manage:all` grants it). License feature `RETENTION_POLICY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @enum {string} */
                            dispositionAction: "delete" | "review";
                            /** Format: uuid */
                            id: string;
                            isDisabled: boolean;
                            name: string;
                            retentionPeriodDays: number;
                            reviewerIds: string[];
                            reviewerRoleId: string | null;
                        }[];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a retention label
         * @description Permission `manage:retention` (`manage:all` grants it). License feature `RETENTION_POLICY`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string | null;
                        /** @enum {string} */
                        dispositionAction?: "delete" | "review";
                        name: string;
                        retentionPeriodDays: number;
                        reviewerIds?: string[];
                        reviewerRoleId?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @enum {string} */
                            dispositionAction: "delete" | "review";
                            /** Format: uuid */
                            id: string;
                            isDisabled: boolean;
                            name: string;
                            retentionPeriodDays: number;
                            reviewerIds: string[];
                            reviewerRoleId: string | null;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/retention-policy/labels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a retention label
         * @description Permission `manage:retention` (`manage:all` grants it). License feature `RETENTION_POLICY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @enum {string} */
                            dispositionAction: "delete" | "review";
                            /** Format: uuid */
                            id: string;
                            isDisabled: boolean;
                            name: string;
                            retentionPeriodDays: number;
                            reviewerIds: string[];
                            reviewerRoleId: string | null;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Change a retention label
         * @description Permission `manage:retention` (`manage:all` grants it). License feature `RETENTION_POLICY`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string | null;
                        /** @enum {string} */
                        dispositionAction?: "delete" | "review";
                        isDisabled?: boolean;
                        name?: string;
                        retentionPeriodDays?: number;
                        reviewerIds?: string[];
                        reviewerRoleId?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @enum {string} */
                            dispositionAction: "delete" | "review";
                            /** Format: uuid */
                            id: string;
                            isDisabled: boolean;
                            name: string;
                            retentionPeriodDays: number;
                            reviewerIds: string[];
                            reviewerRoleId: string | null;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a label never applied, else disable it
         * @description Permission `manage:retention` (`manage:all` grants it). License feature `RETENTION_POLICY`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            action: "deleted" | "disabled";
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/retention-policy/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List retention policies
         * @description Permission `manage:retention` (`manage:all` grants it). License feature `RETENTION_POLICY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            conditions: {
                                /** @enum {string} */
                                operator: "AND" | "OR";
                                rules: {
                                    /** @enum {string} */
                                    field: "sender" | "recipient" | "subject" | "userEmail" | "attachmentType" | "hasAttachments";
                                    /** @enum {string} */
                                    op: "equals" | "contains" | "startsWith" | "endsWith" | "domain" | "matches";
                                    value: string | boolean;
                                }[];
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @enum {string} */
                            dispositionAction: "delete" | "review";
                            /** Format: uuid */
                            id: string;
                            ingestionSourceIds: string[];
                            isEnabled: boolean;
                            name: string;
                            priority: number;
                            retentionPeriodDays: number;
                            reviewerIds: string[];
                            reviewerRoleId: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a retention policy
         * @description Permission `manage:retention` (`manage:all` grants it). License feature `RETENTION_POLICY`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        conditions?: {
                            /** @enum {string} */
                            operator: "AND" | "OR";
                            rules: {
                                /** @enum {string} */
                                field: "sender" | "recipient" | "subject" | "userEmail" | "attachmentType" | "hasAttachments";
                                /** @enum {string} */
                                op: "equals" | "contains" | "startsWith" | "endsWith" | "domain" | "matches";
                                value: string | boolean;
                            }[];
                        } | null;
                        description?: string | null;
                        /** @enum {string} */
                        dispositionAction?: "delete" | "review";
                        /** @default [] */
                        ingestionSourceIds?: string[];
                        /** @default true */
                        isEnabled?: boolean;
                        name: string;
                        /** @default 0 */
                        priority?: number;
                        retentionPeriodDays: number;
                        reviewerIds?: string[];
                        reviewerRoleId?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            conditions: {
                                /** @enum {string} */
                                operator: "AND" | "OR";
                                rules: {
                                    /** @enum {string} */
                                    field: "sender" | "recipient" | "subject" | "userEmail" | "attachmentType" | "hasAttachments";
                                    /** @enum {string} */
                                    op: "equals" | "contains" | "startsWith" | "endsWith" | "domain" | "matches";
                                    value: string | boolean;
                                }[];
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @enum {string} */
                            dispositionAction: "delete" | "review";
                            /** Format: uuid */
                            id: string;
                            ingestionSourceIds: string[];
                            isEnabled: boolean;
                            name: string;
                            priority: number;
                            retentionPeriodDays: number;
                            reviewerIds: string[];
                            reviewerRoleId: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/enterprise/retention-policy/policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a retention policy
         * @description Permission `manage:retention` (`manage:all` grants it). License feature `RETENTION_POLICY`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            conditions: {
                                /** @enum {string} */
                                operator: "AND" | "OR";
                                rules: {
                                    /** @enum {string} */
                                    field: "sender" | "recipient" | "subject" | "userEmail" | "attachmentType" | "hasAttachments";
                                    /** @enum {string} */
                                    op: "equals" | "contains" | "startsWith" | "endsWith" | "domain" | "matches";
                                    value: string | boolean;
                                }[];
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @enum {string} */
                            dispositionAction: "delete" | "review";
                            /** Format: uuid */
                            id: string;
                            ingestionSourceIds: string[];
                            isEnabled: boolean;
                            name: string;
                            priority: number;
                            retentionPeriodDays: number;
                            reviewerIds: string[];
                            reviewerRoleId: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Change a retention policy
         * @description Permission `manage:retention` (`manage:all` grants it). License feature `RETENTION_POLICY`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        conditions?: {
                            /** @enum {string} */
                            operator: "AND" | "OR";
                            rules: {
                                /** @enum {string} */
                                field: "sender" | "recipient" | "subject" | "userEmail" | "attachmentType" | "hasAttachments";
                                /** @enum {string} */
                                op: "equals" | "contains" | "startsWith" | "endsWith" | "domain" | "matches";
                                value: string | boolean;
                            }[];
                        } | null;
                        description?: string | null;
                        /** @enum {string} */
                        dispositionAction?: "delete" | "review";
                        ingestionSourceIds?: string[];
                        isEnabled?: boolean;
                        name?: string;
                        priority?: number;
                        retentionPeriodDays?: number;
                        reviewerIds?: string[];
                        reviewerRoleId?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            conditions: {
                                /** @enum {string} */
                                operator: "AND" | "OR";
                                rules: {
                                    /** @enum {string} */
                                    field: "sender" | "recipient" | "subject" | "userEmail" | "attachmentType" | "hasAttachments";
                                    /** @enum {string} */
                                    op: "equals" | "contains" | "startsWith" | "endsWith" | "domain" | "matches";
                                    value: string | boolean;
                                }[];
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @enum {string} */
                            dispositionAction: "delete" | "review";
                            /** Format: uuid */
                            id: string;
                            ingestionSourceIds: string[];
                            isEnabled: boolean;
                            name: string;
                            priority: number;
                            retentionPeriodDays: number;
                            reviewerIds: string[];
                            reviewerRoleId: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a retention policy
         * @description Permission `manage:retention` (`manage:all` grants it). License feature `RETENTION_POLICY`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How far the review analytics (conversations, near-duplicates, languages) has got
         * @description Permission `read:archive`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            analysed: number;
                            lastAnalysedAt: string | null;
                            pending: number;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's API keys
         * @description Any signed-in caller.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            expiresAt: string | null;
                            id: string;
                            lastUsedAt: string | null;
                            name: string;
                            prefix: string;
                        }[];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an API key (the key is shown once)
         * @description Any signed-in caller.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        expiresInDays?: number;
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            expiresAt: string | null;
                            id: string;
                            key: string;
                            lastUsedAt: string | null;
                            name: string;
                            prefix: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one of the caller's API keys
         * @description Any signed-in caller.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/archived-emails/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an archived email with its attachments and thread
         * @description Permission `read:archive`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Present when a read replica answered: how far behind the primary it was, in ms (0: it had replayed all it had received). The caller's own writes are always included. */
                        "X-Replica-Lag-Ms"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            archivedAt: string;
                            attachments: {
                                filename: string;
                                id: string;
                                mimeType: string;
                                sizeBytes: number;
                                storagePath: string;
                            }[];
                            bcc: string[] | null;
                            bodyText: string;
                            cc: string[] | null;
                            conversation: {
                                /** @enum {string} */
                                class: "inclusive" | "inclusive_minus" | "inclusive_copy" | "none";
                                /** Format: uuid */
                                id: string;
                                size: number;
                            } | null;
                            envelope: {
                                bcc: string[];
                                from: string;
                                recipients: string[];
                            } | null;
                            hasAttachments: boolean;
                            id: string;
                            ingestionSourceId: string;
                            isIndexed: boolean;
                            isOnLegalHold: boolean;
                            languages: {
                                code: string;
                                share: number;
                            }[];
                            messageIdHeader: string;
                            nearDuplicates: {
                                /** Format: uuid */
                                groupId: string;
                                pivot: boolean;
                                similarity: number;
                                size: number;
                            } | null;
                            path: string;
                            recipients: {
                                email: string;
                                name: string;
                            }[];
                            senderEmail: string;
                            senderName: string;
                            /** Format: date-time */
                            sentAt: string;
                            sentAtFallback: ("missing" | "unparseable" | "future" | "no-headers") | null;
                            sizeBytes: number;
                            storageHashSha256: string;
                            storagePath: string;
                            subject: string;
                            tags: string[];
                            thread: {
                                id: string;
                                senderEmail: string;
                                /** Format: date-time */
                                sentAt: string;
                                subject: string;
                            }[];
                            userEmail: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete an archived email permanently
         * @description Permission `delete:archive`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/archived-emails/{id}/attachments/{attachmentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an attachment
         * @description Permission `read:archive`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    attachmentId: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": unknown;
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/archived-emails/{id}/occurrences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every source, mailbox and folder an archived email was seen in
         * @description Permission `read:archive`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: uuid */
                                emailId: string;
                                envelopeRecipients: string[];
                                /** Format: date-time */
                                firstSeenAt: string;
                                folder: string;
                                /** Format: uuid */
                                ingestionSourceId: string;
                                mailbox: string;
                                sourceName: string;
                            }[];
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/archived-emails/{id}/raw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an email's original bytes (RFC 822)
         * @description Permission `read:archive`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "message/rfc822": unknown;
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/archived-emails/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore an email to a mailbox over IMAP
         * @description Permission `restore:archive`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default Restored from archive */
                        folder?: string;
                        /** Format: uuid */
                        ingestionSourceId: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            emailId: string;
                            folder: string;
                            /** Format: uuid */
                            ingestionSourceId: string;
                            uid: number | null;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description A server the operation talks to (a mailbox's IMAP server) refused the login or a command; the message says which */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The operation ran out of time, or a server it talks to could not be reached; retry after the Retry-After header's seconds */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/archived-emails/{id}/thread": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An archived email's conversation as a reply tree, with each email's class
         * @description Permission `read:archive`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            emails: {
                                /** @enum {string} */
                                class: "inclusive" | "inclusive_minus" | "inclusive_copy" | "none";
                                from: string;
                                /** Format: uuid */
                                id: string;
                                parentId: string | null;
                                /** Format: date-time */
                                sentAt: string;
                                subject: string;
                            }[];
                            /** Format: uuid */
                            id: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/archived-emails/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mailboxes and their folders with the number of emails in each
         * @description Permission `read:archive`.
         */
        get: {
            parameters: {
                query?: {
                    ingestionSourceId?: string;
                    mailbox?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                count: number;
                                folder: string;
                                /** Format: uuid */
                                ingestionSourceId: string;
                                mailbox: string;
                                sourceName: string;
                            }[];
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/archived-emails/ingestion-source/{ingestionSourceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page through a source's archived emails, newest first
         * @description Permission `read:archive`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: string;
                    page?: string;
                };
                header?: never;
                path: {
                    ingestionSourceId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Present when a read replica answered: how far behind the primary it was, in ms (0: it had replayed all it had received). The caller's own writes are always included. */
                        "X-Replica-Lag-Ms"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: date-time */
                                archivedAt: string;
                                hasAttachments: boolean;
                                id: string;
                                ingestionSourceId: string;
                                isIndexed: boolean;
                                isOnLegalHold: boolean;
                                messageIdHeader: string;
                                path: string;
                                recipients: {
                                    email: string;
                                    name: string;
                                }[];
                                senderEmail: string;
                                senderName: string;
                                /** Format: date-time */
                                sentAt: string;
                                sentAtFallback: ("missing" | "unparseable" | "future" | "no-headers") | null;
                                sizeBytes: number;
                                storageHashSha256: string;
                                storagePath: string;
                                subject: string;
                                tags: string[];
                                userEmail: string;
                            }[];
                            limit: number;
                            page: number;
                            total: number;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/archived-emails/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore the emails a query matches, or every email of a case export, to a mailbox (runs in the background)
         * @description Permission `restore:archive`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        exportId?: string;
                        /** @default Restored from archive */
                        folder?: string;
                        /** Format: uuid */
                        ingestionSourceId: string;
                        searchQuery?: {
                            filters?: {
                                endDate?: string;
                                from?: string;
                                hasAttachments?: boolean | ("true" | "false");
                                /** Format: uuid */
                                ingestionSourceId?: string;
                                startDate?: string;
                                to?: string;
                                userEmail?: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            matchingStrategy?: "last" | "all" | "frequency";
                            query: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Success */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            error: string | null;
                            exportId: string | null;
                            failed: number;
                            finishedAt: string | null;
                            folder: string;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            ingestionSourceId: string;
                            restored: number;
                            searchQuery: unknown;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "failed";
                            total: number | null;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/archived-emails/restore/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A bulk restore's progress (its requester and manage:all only; 404 for anyone else)
         * @description Permission `restore:archive`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    runId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            error: string | null;
                            exportId: string | null;
                            failed: number;
                            finishedAt: string | null;
                            folder: string;
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            ingestionSourceId: string;
                            restored: number;
                            searchQuery: unknown;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "failed";
                            total: number | null;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/archived-emails/unsearchable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Emails whose text could not be indexed, and why
         * @description Permission `read:archive`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: string;
                    page?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: uuid */
                                attachmentId: string;
                                /** Format: uuid */
                                emailId: string;
                                error: string;
                                filename: string;
                                mimeType: string;
                                /** Format: date-time */
                                sentAt: string;
                                subject: string;
                            }[];
                            limit: number;
                            page: number;
                            total: number;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password for an access token (or, with two-factor authentication, an mfaToken for the code step)
         * @description No authentication.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accessToken: string;
                            /** Format: date-time */
                            expiresAt: string;
                            user: {
                                /** Format: date-time */
                                createdAt: string;
                                disabled: boolean;
                                email: string;
                                first_name: string;
                                id: string;
                                last_name: string;
                                role: {
                                    /** Format: date-time */
                                    createdAt: string;
                                    id: string;
                                    name: string;
                                    policies: {
                                        /** @enum {string} */
                                        action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                                        /** @default {} */
                                        conditions: {
                                            [key: string]: string | {
                                                $in: string[];
                                            };
                                        };
                                        /** @enum {string} */
                                        subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                                    }[];
                                    slug: string;
                                    /** Format: date-time */
                                    updatedAt: string;
                                } | null;
                            };
                        } | {
                            /** @constant */
                            mfaRequired: true;
                            mfaToken: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The operation ran out of time, or a server it talks to could not be reached; retry after the Retry-After header's seconds */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login/mfa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Second sign-in step: the mfaToken with a TOTP or recovery code, answered like a login
         * @description No authentication.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code: string;
                        mfaToken: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accessToken: string;
                            /** Format: date-time */
                            expiresAt: string;
                            user: {
                                /** Format: date-time */
                                createdAt: string;
                                disabled: boolean;
                                email: string;
                                first_name: string;
                                id: string;
                                last_name: string;
                                role: {
                                    /** Format: date-time */
                                    createdAt: string;
                                    id: string;
                                    name: string;
                                    policies: {
                                        /** @enum {string} */
                                        action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                                        /** @default {} */
                                        conditions: {
                                            [key: string]: string | {
                                                $in: string[];
                                            };
                                        };
                                        /** @enum {string} */
                                        subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                                    }[];
                                    slug: string;
                                    /** Format: date-time */
                                    updatedAt: string;
                                } | null;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller and its effective permissions
         * @description Any signed-in caller.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            permissions: string[];
                            user: {
                                /** Format: date-time */
                                createdAt: string;
                                disabled: boolean;
                                email: string;
                                first_name: string;
                                id: string;
                                last_name: string;
                                role: {
                                    /** Format: date-time */
                                    createdAt: string;
                                    id: string;
                                    name: string;
                                    policies: {
                                        /** @enum {string} */
                                        action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                                        /** @default {} */
                                        conditions: {
                                            [key: string]: string | {
                                                $in: string[];
                                            };
                                        };
                                        /** @enum {string} */
                                        subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                                    }[];
                                    slug: string;
                                    /** Format: date-time */
                                    updatedAt: string;
                                } | null;
                            };
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/mfa/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn off two-factor authentication (password and a current code)
         * @description Any signed-in caller.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/mfa/totp/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the TOTP secret with a code; answers ten single-use recovery codes
         * @description Any signed-in caller.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            recoveryCodes: string[];
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/mfa/totp/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start TOTP enrolment: a new secret and its otpauth URL
         * @description Any signed-in caller.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            otpauthUrl: string;
                            secret: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create the first administrator (only while no user exists), with the one-time setup token the server printed on its console
         * @description No authentication.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        first_name: string;
                        last_name: string;
                        password: string;
                        setupToken?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            accessToken: string;
                            /** Format: date-time */
                            expiresAt: string;
                            user: {
                                /** Format: date-time */
                                createdAt: string;
                                disabled: boolean;
                                email: string;
                                first_name: string;
                                id: string;
                                last_name: string;
                                role: {
                                    /** Format: date-time */
                                    createdAt: string;
                                    id: string;
                                    name: string;
                                    policies: {
                                        /** @enum {string} */
                                        action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                                        /** @default {} */
                                        conditions: {
                                            [key: string]: string | {
                                                $in: string[];
                                            };
                                        };
                                        /** @enum {string} */
                                        subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                                    }[];
                                    slug: string;
                                    /** Format: date-time */
                                    updatedAt: string;
                                } | null;
                            };
                        };
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ingestion-sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List ingestion sources
         * @description Permission `manage:ingestion`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            config: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            emailCount: number;
                            /** Format: uuid */
                            id: string;
                            lastSyncAt: string | null;
                            name: string;
                            provider: string;
                            status: string;
                            statusMessage: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an ingestion source
         * @description Permission `manage:ingestion`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        config?: {
                            userEmail?: string;
                        };
                        name: string;
                        /** @constant */
                        provider: "upload";
                    } | {
                        config: {
                            /** @default false */
                            allowInsecure?: boolean;
                            host: string;
                            mailboxes?: string[];
                            password: string;
                            /** @default 993 */
                            port?: number;
                            /** @default true */
                            secure?: boolean;
                            userEmail?: string;
                            username: string;
                        };
                        name: string;
                        /** @constant */
                        provider: "imap";
                    } | {
                        config: {
                            allowedClients?: string[];
                            /** @default false */
                            exchangeReports?: boolean;
                            internalDomains: string[];
                            password?: string;
                            recipientAddress?: string;
                            /** @default false */
                            requireTls?: boolean;
                            username?: string;
                        };
                        name: string;
                        /** @constant */
                        provider: "smtp-journal";
                    } | {
                        config: {
                            clientId: string;
                            clientSecret: string;
                            graphScope?: string;
                            graphUrl?: string;
                            /** @default false */
                            includeDeletedAndJunk?: boolean;
                            loginUrl?: string;
                            mailboxes?: string[];
                            tenantId: string;
                        };
                        name: string;
                        /** @constant */
                        provider: "microsoft365";
                    } | {
                        config: {
                            adminEmail: string;
                            /** @default my_customer */
                            customer?: string;
                            directoryUrl?: string;
                            gmailUrl?: string;
                            /** @default false */
                            includeSpamTrash?: boolean;
                            mailboxes?: string[];
                            serviceAccountKey: string | {
                                [key: string]: unknown;
                            };
                        };
                        name: string;
                        /** @constant */
                        provider: "google-workspace";
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            config: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            emailCount: number;
                            /** Format: uuid */
                            id: string;
                            lastSyncAt: string | null;
                            name: string;
                            provider: string;
                            status: string;
                            statusMessage: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ingestion-sources/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an ingestion source
         * @description Permission `manage:ingestion`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            config: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            emailCount: number;
                            /** Format: uuid */
                            id: string;
                            lastSyncAt: string | null;
                            name: string;
                            provider: string;
                            status: string;
                            statusMessage: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Change an ingestion source
         * @description Permission `manage:ingestion`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        config?: {
                            [key: string]: unknown;
                        };
                        name?: string;
                        /** @enum {string} */
                        provider?: "upload" | "imap" | "smtp-journal" | "microsoft365" | "google-workspace";
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            config: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            emailCount: number;
                            /** Format: uuid */
                            id: string;
                            lastSyncAt: string | null;
                            name: string;
                            provider: string;
                            status: string;
                            statusMessage: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete an ingestion source without emails
         * @description Permission `manage:ingestion`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ingestion-sources/{id}/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a source's coverage: the last sync per mailbox and folder, and emails not yet searchable
         * @description Permission `manage:ingestion`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            emailCount: number;
                            lastReceipt: {
                                /** Format: date-time */
                                finishedAt: string;
                                /** Format: uuid */
                                id: string;
                                origin: string;
                                sha256: string;
                                url: string;
                            } | null;
                            lastSync: {
                                /** Format: date-time */
                                at: string;
                                auditId: string;
                                error: string | null;
                                mailboxes: {
                                    excluded: string[];
                                    folders: {
                                        deletedAtSource: number;
                                        duplicates: number;
                                        failed: {
                                            id: string;
                                            reason: string;
                                        }[];
                                        folder: string;
                                        heldCount: number;
                                        imported: number;
                                        providerCount: number | null;
                                        restarted: boolean;
                                    }[];
                                    mailbox: string;
                                    reason: string | null;
                                    status: string;
                                }[];
                            } | null;
                            notSearchable: number;
                            provider: string;
                            /** Format: uuid */
                            sourceId: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ingestion-sources/{id}/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a mailbox file (mbox, EML, ZIP, PST) into the source
         * @description Permission `manage:ingestion`. Rate limit `import`.
         */
        post: {
            parameters: {
                query?: {
                    userEmail?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/octet-stream": unknown;
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            duplicates: number;
                            failed: {
                                index: number;
                                reason: string;
                            }[];
                            imported: number;
                        };
                    };
                };
                /** @description Bad request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ingestion-sources/{id}/receipts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a source's signed receipts, newest first
         * @description Permission `manage:ingestion`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: string;
                    page?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: date-time */
                                finishedAt: string;
                                /** Format: uuid */
                                id: string;
                                origin: string;
                                /** @enum {string} */
                                outcome: "completed" | "failed";
                                sha256: string;
                                totals: {
                                    alreadyArchived: number;
                                    excluded: number;
                                    failed: number;
                                    mailboxes: number;
                                    seen: number;
                                    stored: number;
                                };
                                url: string;
                            }[];
                            limit: number;
                            page: number;
                            total: number;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ingestion-sources/{id}/receipts/{receiptId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a sync run's or import's signed receipt
         * @description Permission `manage:ingestion`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    receiptId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @constant */
                            algorithm: "Ed25519";
                            auditEntryId: string | null;
                            body: string;
                            /** Format: date-time */
                            finishedAt: string;
                            /** Format: uuid */
                            id: string;
                            origin: string;
                            publicKey: string;
                            receipt: {
                                [key: string]: unknown;
                            };
                            sha256: string;
                            signature: string;
                            /** Format: uuid */
                            sourceId: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ingestion-sources/{id}/receipts/{receiptId}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify a receipt's signature and the audit entry that records its hash
         * @description Permission `manage:ingestion`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    receiptId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            auditEntryId: string | null;
                            auditEntryIntact: boolean;
                            hashMatches: boolean;
                            problems: string[];
                            signatureValid: boolean;
                            valid: boolean;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ingestion-sources/{id}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a sync of the source (IMAP, Microsoft 365, Google Workspace)
         * @description Permission `manage:ingestion`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            jobId: string;
                            jobStatus: string;
                            message: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/license": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The license's enabled features
         * @description Any signed-in caller.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            features: {
                                enabled: boolean;
                                /** @enum {string} */
                                name: "LEGAL_HOLDS" | "RETENTION_POLICY" | "EDISCOVERY";
                            }[];
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API's OpenAPI 3.1 document
         * @description No authentication.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            openapi: string;
                            paths: {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List roles
         * @description Permission `read:users`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            name: string;
                            policies: {
                                /** @enum {string} */
                                action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                                /** @default {} */
                                conditions: {
                                    [key: string]: string | {
                                        $in: string[];
                                    };
                                };
                                /** @enum {string} */
                                subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                            }[];
                            slug: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a role
         * @description Permission `manage:users` (`manage:all` grants it).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        policies: {
                            /** @enum {string} */
                            action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                            /** @default {} */
                            conditions?: {
                                [key: string]: string | {
                                    $in: string[];
                                };
                            };
                            /** @enum {string} */
                            subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                        }[];
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            name: string;
                            policies: {
                                /** @enum {string} */
                                action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                                /** @default {} */
                                conditions: {
                                    [key: string]: string | {
                                        $in: string[];
                                    };
                                };
                                /** @enum {string} */
                                subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                            }[];
                            slug: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/roles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a role
         * @description Permission `read:users`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            name: string;
                            policies: {
                                /** @enum {string} */
                                action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                                /** @default {} */
                                conditions: {
                                    [key: string]: string | {
                                        $in: string[];
                                    };
                                };
                                /** @enum {string} */
                                subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                            }[];
                            slug: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Change a role
         * @description Permission `manage:users` (`manage:all` grants it).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        policies?: {
                            /** @enum {string} */
                            action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                            /** @default {} */
                            conditions?: {
                                [key: string]: string | {
                                    $in: string[];
                                };
                            };
                            /** @enum {string} */
                            subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                        }[];
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            name: string;
                            policies: {
                                /** @enum {string} */
                                action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                                /** @default {} */
                                conditions: {
                                    [key: string]: string | {
                                        $in: string[];
                                    };
                                };
                                /** @enum {string} */
                                subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                            }[];
                            slug: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a role no user holds (only one granting nothing beyond the caller's own role)
         * @description Permission `manage:users` (`manage:all` grants it).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the archive
         * @description Permission `read:archive`. Rate limit `search`.
         */
        get: {
            parameters: {
                query?: {
                    endDate?: string;
                    from?: string;
                    hasAttachments?: boolean | ("true" | "false");
                    ingestionSourceId?: string;
                    limit?: string;
                    matchingStrategy?: "last" | "all" | "frequency";
                    page?: string;
                    query?: string;
                    startDate?: string;
                    to?: string;
                    userEmail?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        /** @description Present when a read replica answered: how far behind the primary it was, in ms (0: it had replayed all it had received). The caller's own writes are always included. */
                        "X-Replica-Lag-Ms"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: date-time */
                                archivedAt: string;
                                hasAttachments: boolean;
                                id: string;
                                ingestionSourceId: string;
                                isIndexed: boolean;
                                isOnLegalHold: boolean;
                                messageIdHeader: string;
                                path: string;
                                recipients: {
                                    email: string;
                                    name: string;
                                }[];
                                senderEmail: string;
                                senderName: string;
                                /** Format: date-time */
                                sentAt: string;
                                sentAtFallback: ("missing" | "unparseable" | "future" | "no-headers") | null;
                                sizeBytes: number;
                                snippet: string;
                                storageHashSha256: string;
                                storagePath: string;
                                subject: string;
                                tags: string[];
                                userEmail: string;
                            }[];
                            limit: number;
                            matchingStrategyApplied: boolean;
                            normalizedQuery: string | null;
                            page: number;
                            processingTimeMs: number;
                            searchedFrom: string | null;
                            total: number;
                            totalIsEstimate: boolean;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The operation ran out of time, or a server it talks to could not be reached; retry after the Retry-After header's seconds */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/search/explain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * How a query is parsed and run, without running it
         * @description Permission `read:archive`. Rate limit `search`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @default false */
                        exactCounts?: boolean;
                        searchQuery: {
                            filters?: {
                                endDate?: string;
                                from?: string;
                                hasAttachments?: boolean | ("true" | "false");
                                /** Format: uuid */
                                ingestionSourceId?: string;
                                startDate?: string;
                                to?: string;
                                userEmail?: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @enum {string} */
                            matchingStrategy?: "last" | "all" | "frequency";
                            query: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            matchingStrategyApplied: boolean;
                            normalized: string;
                            readableEmails: number;
                            searchQuery: {
                                [key: string]: unknown;
                            };
                            total: number;
                            totalIsEstimate: boolean;
                            tree: components["schemas"]["ExplainedClause"];
                            visibleEmails: number;
                            warnings: string[];
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/search/index-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many archived emails the caller may read are not searchable yet
         * @description Permission `read:archive`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            indexWarning: {
                                message: string;
                                notSearchable: number;
                            } | null;
                            notSearchable: number;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * System settings
         * @description Permission `manage:settings` (`manage:all` grants it).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deletionEnabled: boolean;
                            ignorePatterns: string[];
                            /** @enum {string} */
                            mfaRequired: "off" | "everyone" | "admins";
                            nearDuplicateThreshold: number;
                            phraseIndex: boolean;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Change system settings
         * @description Permission `manage:settings` (`manage:all` grants it).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        deletionEnabled?: boolean;
                        ignorePatterns?: string[];
                        /** @enum {string} */
                        mfaRequired?: "off" | "everyone" | "admins";
                        nearDuplicateThreshold?: number;
                        phraseIndex?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deletionEnabled: boolean;
                            ignorePatterns: string[];
                            /** @enum {string} */
                            mfaRequired: "off" | "everyone" | "admins";
                            nearDuplicateThreshold: number;
                            phraseIndex: boolean;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settings/sso-role-mapping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The directory group-to-role mapping of SSO and LDAP sign-in
         * @description Permission `manage:settings` (`manage:all` grants it).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            defaultRoleId: string | null;
                            mappings: {
                                group: string;
                                /** Format: uuid */
                                roleId: string;
                            }[];
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Replace the directory group-to-role mapping
         * @description Permission `manage:settings` (`manage:all` grants it).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        defaultRoleId: string | null;
                        mappings: {
                            group: string;
                            /** Format: uuid */
                            roleId: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            defaultRoleId: string | null;
                            mappings: {
                                group: string;
                                /** Format: uuid */
                                roleId: string;
                            }[];
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/system/jobs/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a background job that failed for good again (its attempts counted afresh); a restore job only by its requester or manage:all
         * @description Permission `manage:system` (`manage:all` grants it).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/system/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * System status: worker and listener processes with their last heartbeat, job and export queues, lifecycle cycles, search index coverage, storage and database size
         * @description Permission `manage:system` (`manage:all` grants it).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            checkedAt: string;
                            database: {
                                sizeBytes: number;
                            };
                            jobs: {
                                exports: {
                                    failed: number;
                                    queued: number;
                                    running: number;
                                };
                                failed: {
                                    attempts: number;
                                    /** Format: date-time */
                                    failedAt: string;
                                    id: string;
                                    reason: string | null;
                                    type: string;
                                }[];
                                queues: {
                                    failed: number;
                                    queued: number;
                                    running: number;
                                    type: string;
                                }[];
                            };
                            lifecycle: {
                                intervalMinutes: number | null;
                                lastCycle: {
                                    awaitingReview: number;
                                    deleted: number;
                                    evaluated: number;
                                    failed: number;
                                    finishedAt: string | null;
                                    /** Format: date-time */
                                    startedAt: string;
                                } | null;
                                nextCycleAt: string | null;
                            };
                            processes: {
                                hostname: string;
                                /** Format: date-time */
                                lastSeenAt: string;
                                pid: number;
                                /** @enum {string} */
                                role: "web" | "worker" | "journal";
                                running: boolean;
                                secondsSinceSeen: number;
                                /** Format: date-time */
                                startedAt: string;
                            }[];
                            searchIndex: {
                                archivedEmails: number;
                                /** @enum {string} */
                                engine: "postgres" | "meilisearch";
                                notSearchable: number;
                                phraseIndex: {
                                    enabled: boolean;
                                    progress: {
                                        blocksDone: number;
                                        blocksTotal: number;
                                        phase: string;
                                        tuplesDone: number;
                                        tuplesTotal: number;
                                    } | null;
                                    /** @enum {string} */
                                    state: "ready" | "building" | "pending" | "dropping" | "off";
                                };
                                searchable: number;
                            };
                            staleAfterSeconds: number;
                            storage: {
                                /** @enum {string} */
                                backend: "local" | "s3";
                                conversion: {
                                    converted: number;
                                    examined: number;
                                    finishedAt: string | null;
                                    skipped: number;
                                    /** Format: date-time */
                                    startedAt: string;
                                    total: number;
                                    /** Format: date-time */
                                    updatedAt: string;
                                } | null;
                                freeBytes: number | null;
                                totalBytes: number | null;
                                usage: {
                                    archiveChangedSince: boolean;
                                    /** Format: date-time */
                                    measuredAt: string;
                                    sources: {
                                        emails: number;
                                        logicalBytes: number;
                                        name: string | null;
                                        savedBytes: number;
                                        sourceId: string;
                                        storedBytes: number;
                                        storedRatio: number | null;
                                    }[];
                                    total: {
                                        emails: number;
                                        logicalBytes: number;
                                        savedBytes: number;
                                        storedBytes: number;
                                        storedRatio: number | null;
                                    };
                                } | null;
                                usedBytes: number;
                            };
                            workerRunning: boolean;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description Permission `read:users`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            disabled: boolean;
                            email: string;
                            first_name: string;
                            id: string;
                            last_name: string;
                            role: {
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                name: string;
                                policies: {
                                    /** @enum {string} */
                                    action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                                    /** @default {} */
                                    conditions: {
                                        [key: string]: string | {
                                            $in: string[];
                                        };
                                    };
                                    /** @enum {string} */
                                    subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                                }[];
                                slug: string;
                                /** Format: date-time */
                                updatedAt: string;
                            } | null;
                        }[];
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a user
         * @description Permission `manage:users` (`manage:all` grants it).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        first_name: string;
                        last_name: string;
                        password: string;
                        roleId?: string | null;
                    };
                };
            };
            responses: {
                /** @description Success */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            disabled: boolean;
                            email: string;
                            first_name: string;
                            id: string;
                            last_name: string;
                            role: {
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                name: string;
                                policies: {
                                    /** @enum {string} */
                                    action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                                    /** @default {} */
                                    conditions: {
                                        [key: string]: string | {
                                            $in: string[];
                                        };
                                    };
                                    /** @enum {string} */
                                    subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                                }[];
                                slug: string;
                                /** Format: date-time */
                                updatedAt: string;
                            } | null;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a user
         * @description Permission `read:users`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            disabled: boolean;
                            email: string;
                            first_name: string;
                            id: string;
                            last_name: string;
                            role: {
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                name: string;
                                policies: {
                                    /** @enum {string} */
                                    action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                                    /** @default {} */
                                    conditions: {
                                        [key: string]: string | {
                                            $in: string[];
                                        };
                                    };
                                    /** @enum {string} */
                                    subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                                }[];
                                slug: string;
                                /** Format: date-time */
                                updatedAt: string;
                            } | null;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        /**
         * Change a user
         * @description Permission `manage:users` (`manage:all` grants it).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        currentPassword?: string;
                        disabled?: boolean;
                        email?: string;
                        first_name?: string;
                        last_name?: string;
                        roleId?: string | null;
                        ssoLinkAllowed?: boolean;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            disabled: boolean;
                            email: string;
                            first_name: string;
                            id: string;
                            last_name: string;
                            role: {
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                name: string;
                                policies: {
                                    /** @enum {string} */
                                    action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                                    /** @default {} */
                                    conditions: {
                                        [key: string]: string | {
                                            $in: string[];
                                        };
                                    };
                                    /** @enum {string} */
                                    subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                                }[];
                                slug: string;
                                /** Format: date-time */
                                updatedAt: string;
                            } | null;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a user (never the last one)
         * @description Permission `manage:users` (`manage:all` grants it).
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}/revoke-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign a user out everywhere: end their bearer tokens and UI sessions (API keys stay)
         * @description Permission `manage:users` (`manage:all` grants it).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's own user
         * @description Any signed-in caller.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            disabled: boolean;
                            email: string;
                            first_name: string;
                            id: string;
                            last_name: string;
                            role: {
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                name: string;
                                policies: {
                                    /** @enum {string} */
                                    action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                                    /** @default {} */
                                    conditions: {
                                        [key: string]: string | {
                                            $in: string[];
                                        };
                                    };
                                    /** @enum {string} */
                                    subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                                }[];
                                slug: string;
                                /** Format: date-time */
                                updatedAt: string;
                            } | null;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the caller's own name or email
         * @description Any signed-in caller.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        currentPassword?: string;
                        email?: string;
                        first_name?: string;
                        last_name?: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            disabled: boolean;
                            email: string;
                            first_name: string;
                            id: string;
                            last_name: string;
                            role: {
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                name: string;
                                policies: {
                                    /** @enum {string} */
                                    action: "manage" | "read" | "create" | "update" | "delete" | "restore";
                                    /** @default {} */
                                    conditions: {
                                        [key: string]: string | {
                                            $in: string[];
                                        };
                                    };
                                    /** @enum {string} */
                                    subject: "all" | "archive" | "users" | "audit" | "ingestion" | "ediscovery" | "holds" | "retention" | "dispositions" | "settings" | "system";
                                }[];
                                slug: string;
                                /** Format: date-time */
                                updatedAt: string;
                            } | null;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Conflict with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/users/profile/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the caller's password
         * @description Any signed-in caller.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        currentPassword: string;
                        newPassword: string;
                    };
                };
            };
            responses: {
                /** @description Success */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                /** @description Missing or invalid credentials */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description The caller lacks the permission, the feature is not licensed, or the caller must first enrol in two-factor authentication */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Request body is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Invalid input; `errors` names each field */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Rate limit spent; retry after the Retry-After header's seconds */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
                /** @description Internal error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorBody"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ErrorBody: {
            errors: {
                field: string;
                message: string;
            }[] | null;
            message: string;
            /** @constant */
            status: "error";
            statusCode: number;
        };
        ExplainedClause: {
            children: components["schemas"]["ExplainedClause"][];
            count: number;
            countIsEstimate: boolean;
            text: string;
            type: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
