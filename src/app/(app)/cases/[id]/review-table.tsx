"use client";

import { useMutation } from "@tanstack/react-query";
import { useInvalidate } from "@/lib/use-invalidate";
import Link from "next/link";
import { useState } from "react";
import { DataTable } from "@/components/data-table";
import { useToast } from "@/components/toast";
import { formatDateTime, formatNumber } from "@/lib/format";
import { errorMessage, useTRPC, type RouterOutputs } from "@/lib/trpc";

export type Tag = RouterOutputs["ediscovery"]["tags"][number];

/** A choice among the case's review tags. */
export function TagSelect({
  label,
  tags,
  value,
  onChange,
}: {
  label: string;
  tags: Tag[];
  value: string | undefined;
  onChange: (tagId: string) => void;
}) {
  return (
    <label>
      {label}
      <select className="input" value={value ?? ""} onChange={(event) => onChange(event.target.value)}>
        {tags.map((tag) => (
          <option key={tag.id} value={tag.id}>
            {tag.name}
          </option>
        ))}
      </select>
    </label>
  );
}
interface ReviewRow {
  id: string;
  subject: string;
  senderEmail: string;
  userEmail: string;
  sentAt: string;
}

/**
 * Emails under review with the case's tags they carry; selected ones get a tag applied or removed
 * in one request each (set-based on the server, audited once per application).
 */
export function ReviewTable({
  caseId,
  caption,
  rows,
  tags,
  tagIdsOf,
  disabled,
}: {
  caseId: string;
  caption: string;
  rows: ReviewRow[] | undefined;
  tags: Tag[];
  tagIdsOf: (emailId: string) => string[];
  disabled: boolean;
}) {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidate();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [tagId, setTagId] = useState("");
  const chosenTag = tags.find((tag) => tag.id === tagId) ?? tags[0];
  const onError = (error: unknown) => toast(errorMessage(error), "error");
  const done = (message: string) => {
    toast(message);
    setSelected(new Set());
    return invalidate(trpc.ediscovery.pathFilter());
  };
  const apply = useMutation(
    trpc.ediscovery.applyTag.mutationOptions({
      onSuccess: (result) => done(`${formatNumber(result.emailsTagged)} emails newly tagged`),
      onError,
    }),
  );
  const remove = useMutation(
    trpc.ediscovery.removeTag.mutationOptions({
      onSuccess: (result) => done(`${formatNumber(result.emailsUntagged)} emails untagged`),
      onError,
    }),
  );
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const tagName = (id: string) => tags.find((tag) => tag.id === id)?.name ?? id;
  const ids = [...selected];
  const allSelected = rows !== undefined && rows.length > 0 && rows.every((row) => selected.has(row.id));

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-2 text-sm">
        <TagSelect label="Tag" tags={tags} value={chosenTag?.id} onChange={setTagId} />
        <button
          type="button"
          className="btn btn-sm"
          disabled={disabled || !chosenTag || ids.length === 0 || apply.isPending}
          onClick={() => chosenTag && apply.mutate({ id: caseId, tagId: chosenTag.id, body: { emailIds: ids } })}
        >
          Apply tag to {ids.length} selected
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={disabled || !chosenTag || ids.length === 0 || remove.isPending}
          onClick={() => chosenTag && remove.mutate({ id: caseId, tagId: chosenTag.id, emailIds: ids })}
        >
          Remove tag from {ids.length} selected
        </button>
        {tags.length === 0 ? <span className="text-slate-600">Create a review tag in the Review tab first.</span> : null}
      </div>
      <DataTable
        rows={rows}
        rowKey={(row) => row.id}
        caption={caption}
        emptyTitle="No email"
        pageSize={100}
        columns={[
          {
            key: "select",
            header: "",
            render: (row) => (
              <input
                type="checkbox"
                aria-label={`Select ${row.subject || "(no subject)"}`}
                checked={selected.has(row.id)}
                onChange={() => toggle(row.id)}
              />
            ),
          },
          {
            key: "subject",
            header: "Subject",
            render: (row) => (
              <Link className="link" href={`/emails/${row.id}`}>
                {row.subject || "(no subject)"}
              </Link>
            ),
          },
          { key: "from", header: "From", render: (row) => row.senderEmail },
          { key: "mailbox", header: "Mailbox", render: (row) => row.userEmail },
          { key: "sent", header: "Sent", render: (row) => formatDateTime(row.sentAt) },
          {
            key: "tags",
            header: "Tags",
            render: (row) => <span data-testid={`tags-${row.id}`}>{tagIdsOf(row.id).map(tagName).join(", ")}</span>,
          },
        ]}
      />
      {rows && rows.length > 0 ? (
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))}
        >
          {allSelected ? "Select none" : "Select all shown"}
        </button>
      ) : null}
    </div>
  );
}
