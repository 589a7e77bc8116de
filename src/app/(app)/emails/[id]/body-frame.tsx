"use client";

/**
 * Sanitized email HTML in an iframe whose sandbox grants nothing (no scripts, no forms, no
 * same-origin access, no top navigation), with its own CSP: even markup that slipped through the
 * server's sanitizer cannot run or phone home (remote images only after "show images").
 */
export function BodyFrame({ html }: { html: string }) {
  const document = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'"><base target="_blank"><style>body{font-family:system-ui,sans-serif;font-size:14px;margin:0;word-wrap:break-word}img{max-width:100%}</style></head><body>${html}</body></html>`;
  return <iframe title="Message body" sandbox="" srcDoc={document} className="h-[32rem] w-full rounded border border-slate-200 bg-white" />;
}
