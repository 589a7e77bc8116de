/**
 * The header the UI's tRPC client and upload requests send: the server honours the session cookie
 * only with it (docs/security.md). Plain constants, imported by the server and the browser bundle.
 */
export const UI_REQUEST_HEADER = "x-trpc-source";
export const UI_REQUEST_HEADER_VALUE = "web";
export const UI_HEADERS = { [UI_REQUEST_HEADER]: UI_REQUEST_HEADER_VALUE } as const;
