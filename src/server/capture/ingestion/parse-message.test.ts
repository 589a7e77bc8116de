import { describe, expect, it } from "vitest";
import { parseMessage } from "./parse-message";

const message = (inReplyTo: string) =>
  Buffer.from(
    [
      "From: Justin <justin@example.com>",
      "Subject: Re: rules",
      "Message-ID: <reply@example.com>",
      `In-Reply-To: ${inReplyTo}`,
      "",
      "Agreed.",
    ].join("\r\n"),
  );

describe("In-Reply-To", () => {
  it("is the parent's Message-ID", async () => {
    expect((await parseMessage(message("<parent@example.com>"))).inReplyTo).toBe("parent@example.com");
  });

  it("is the last id of the old form that names the parent's sender first (exmh, MH)", async () => {
    const header =
      'Message from Daniel Quinlan <quinlan@pathname.com>\r\n   of "09 Oct 2002 21:47:02 PDT." <yf2r8eygat5.fsf@proton.pathname.com>';
    expect((await parseMessage(message(header))).inReplyTo).toBe("yf2r8eygat5.fsf@proton.pathname.com");
  });
});
