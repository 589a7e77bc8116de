const CRLF = "\r\n";

export interface ReportRecipient {
  /** `Recipient` when Exchange cannot tell the type (e.g. resolved only at delivery). */
  type: "To" | "Cc" | "Bcc" | "Recipient";
  address: string;
  /** The distribution list this member was expanded from. */
  expanded?: string;
  forwarded?: string;
}

/**
 * An Exchange 2013+ / Microsoft 365 envelope journal report, as documented by Microsoft ("Journal
 * report" format): the X-MS-Exchange-Organization-Journal-Report header, a text/plain part with
 * Sender:, Subject:, Message-Id: and one line per recipient, and the original message attached
 * unchanged as message/rfc822.
 */
export function buildJournalReport(options: {
  original: Buffer;
  sender: string;
  subject: string;
  messageId: string;
  recipients: ReportRecipient[];
  journalAddress: string;
}): Buffer {
  const boundary = "----=_journal_report_boundary";
  const lines = [
    `Sender: ${options.sender}`,
    `Subject: ${options.subject}`,
    `Message-Id: <${options.messageId}>`,
    ...options.recipients.map((recipient) => {
      const suffix = recipient.expanded
        ? `, Expanded: ${recipient.expanded}`
        : recipient.forwarded
          ? `, Forwarded: ${recipient.forwarded}`
          : "";
      return `${recipient.type}: ${recipient.address}${suffix}`;
    }),
  ];
  const head = [
    "X-MS-Exchange-Organization-Journal-Report: ",
    "X-MS-Exchange-Organization-Processed-By-Journaling: Journal Agent",
    "From: Microsoft Exchange Server <MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@corp.test>",
    `To: ${options.journalAddress}`,
    `Subject: ${options.subject}`,
    `Message-ID: <journal-report-${options.messageId}>`,
    "Date: Tue, 24 Nov 2026 10:00:05 +0000",
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
  ].join(CRLF);
  return Buffer.concat([
    Buffer.from(
      `${head}${CRLF}${CRLF}--${boundary}${CRLF}Content-Type: text/plain; charset="us-ascii"${CRLF}Content-Transfer-Encoding: 7bit${CRLF}${CRLF}` +
        `${lines.join(CRLF)}${CRLF}${CRLF}--${boundary}${CRLF}Content-Type: message/rfc822${CRLF}Content-Disposition: attachment${CRLF}${CRLF}`,
    ),
    options.original,
    Buffer.from(`${CRLF}--${boundary}--${CRLF}`),
  ]);
}
