import { simpleParser } from "mailparser";
import sanitizeHtml from "sanitize-html";
import type { Principal } from "../identity/auth/principal";
import { db } from "../platform/db/client";
import { notFound } from "../platform/errors/app-error";
import { findVisibleEmail } from "./find-visible-email";
import { readVerifiedBlob } from "./read-verified-blob";

export interface EmailBody {
  /** Sanitized HTML (no scripts, event handlers, forms, styles or frames), or null for text-only mail. */
  html: string | null;
  text: string;
  /** Remote images that were left out (shown only when the viewer asks for them). */
  blockedImages: number;
}

const REMOTE = /^(https?:)?\/\//i;

/**
 * The body of an archived email for display: parsed from the verified stored bytes, HTML
 * sanitized on the server (the UI additionally renders it in a sandboxed iframe without scripts).
 * Remote images are removed unless `showRemoteImages` (they would tell the sender the mail was read).
 */
export async function renderEmailBody(options: { principal: Principal; emailId: string; showRemoteImages?: boolean }): Promise<EmailBody> {
  await findVisibleEmail({ client: db(), emailId: options.emailId, principal: options.principal, permission: "read:archive" });
  const email = await db().archivedEmail.findUnique({
    where: { id: options.emailId },
    select: { id: true, storagePath: true, storageHashSha256: true },
  });
  if (!email) throw notFound("Archived email");
  const raw = await readVerifiedBlob({
    actor: options.principal.actor,
    key: email.storagePath,
    hashSha256: email.storageHashSha256,
    target: { type: "ArchivedEmail", id: email.id },
  });
  const parsed = await simpleParser(raw, { skipTextToHtml: true, skipTextLinks: true, skipImageLinks: false });
  let blockedImages = 0;
  const html =
    typeof parsed.html === "string"
      ? sanitizeHtml(parsed.html, {
          allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "font", "center", "span"],
          allowedAttributes: {
            a: ["href", "title"],
            img: ["src", "alt", "width", "height", "title"],
            td: ["colspan", "rowspan", "align"],
            th: ["colspan", "rowspan", "align"],
            font: ["color"],
            "*": ["dir", "lang"],
          },
          allowedSchemes: ["http", "https", "mailto"],
          allowedSchemesByTag: { img: ["http", "https", "data"] },
          allowProtocolRelative: false,
          transformTags: {
            a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } }),
            img: (tagName, attribs) => {
              if (!options.showRemoteImages && REMOTE.test(attribs.src ?? "")) {
                blockedImages++;
                const { src: _src, ...rest } = attribs;
                return { tagName, attribs: { ...rest, alt: rest.alt ?? "[remote image blocked]" } };
              }
              return { tagName, attribs };
            },
          },
        })
      : null;
  return { html, text: parsed.text ?? "", blockedImages };
}
