"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent, ReactNode } from "react";
import { FormError, SelectField, TextField } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { useToast } from "@/components/toast";
import { errorMessage, fieldErrorsOf, useTRPC, type RouterOutputs } from "@/lib/trpc";
import { useInvalidate } from "@/lib/use-invalidate";
import { splitAddresses } from "../case-parts";

type Member = RouterOutputs["ediscovery"]["memberCandidates"][number];
type CasePatch = { custodians?: string[]; memberIds?: string[] };

/** The first message on a field or one of its items (`custodians.2`). */
const fieldErrorOn = (error: unknown, field: string) =>
  Object.entries(fieldErrorsOf(error)).find(([path]) => path === field || path.startsWith(`${field}.`))?.[1];

/** One update of the case's custodians or members (the whole new list, as the API takes it). */
function useCaseUpdate(caseId: string) {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidate();
  const update = useMutation(
    trpc.ediscovery.update.mutationOptions({
      onSuccess: () => invalidate(trpc.ediscovery.pathFilter()),
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  return { update, save: (patch: CasePatch, onSuccess?: () => void) => update.mutate({ id: caseId, ...patch }, { onSuccess }) };
}

/** A list whose entries each have a Remove button when the case can be edited. */
function RemovableList(props: {
  label: string;
  testId: string;
  entries: { key: string; text: ReactNode; removeLabel?: string }[];
  onRemove?: (key: string) => void;
  disabled: boolean;
}) {
  return (
    <ul aria-label={props.label} data-testid={props.testId} className="space-y-1">
      {props.entries.map((entry) => (
        <li key={entry.key} className="flex items-center gap-2">
          <span>{entry.text}</span>
          {props.onRemove && entry.removeLabel ? (
            <button
              type="button"
              className="btn btn-sm"
              aria-label={entry.removeLabel}
              disabled={props.disabled}
              onClick={() => props.onRemove?.(entry.key)}
            >
              Remove
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The case's custodians; with `editable`, addresses are added (one or several, comma-separated) and removed. */
export function CaseCustodians({ caseId, custodians, editable }: { caseId: string; custodians: string[]; editable: boolean }) {
  const { update, save } = useCaseUpdate(caseId);
  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const added = splitAddresses(String(new FormData(form).get("custodian") ?? ""));
    if (added.length) save({ custodians: [...custodians, ...added] }, () => form.reset());
  }
  return (
    <div className="space-y-2">
      {custodians.length ? (
        <RemovableList
          label="Custodians"
          testId="case-custodians"
          disabled={update.isPending}
          entries={custodians.map((address) => ({ key: address, text: address, removeLabel: `Remove custodian ${address}` }))}
          onRemove={editable ? (address) => save({ custodians: custodians.filter((other) => other !== address) }) : undefined}
        />
      ) : (
        <p data-testid="case-custodians">All mailboxes (no custodian set)</p>
      )}
      {editable ? (
        <form onSubmit={add} aria-label="Add custodians" className="flex items-end gap-2" noValidate>
          <TextField label="Custodian address" name="custodian" type="text" error={fieldErrorOn(update.error, "custodians")} />
          <SubmitButton className="btn btn-sm" disabled={update.isPending}>
            Add custodian
          </SubmitButton>
        </form>
      ) : null}
    </div>
  );
}

/**
 * The case's members, by name and address (the case carries them). With `editable`, members are
 * added from a picker of the accounts by name (ediscovery.memberCandidates, open to whoever manages
 * cases) and removed; the signed-in user does not remove themselves here unless they manage
 * everything (they would lose the case).
 */
export function CaseMembers(props: {
  caseId: string;
  members: Member[];
  candidates: Member[] | undefined;
  selfId: string;
  manageAll: boolean;
  editable: boolean;
}) {
  const { update, save } = useCaseUpdate(props.caseId);
  const memberIds = props.members.map((member) => member.id);
  const describe = (member: Member) => (member.name ? `${member.name} <${member.email}>` : member.email);
  const candidates = props.candidates?.filter((user) => !memberIds.includes(user.id));
  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const id = String(new FormData(event.currentTarget).get("member") ?? "").trim();
    if (id) save({ memberIds: [...memberIds, id] });
  }
  return (
    <div className="space-y-2">
      <RemovableList
        label="Members"
        testId="case-members"
        disabled={update.isPending}
        entries={props.members.map((member) => ({
          key: member.id,
          text: describe(member),
          removeLabel: member.id !== props.selfId || props.manageAll ? `Remove member ${describe(member)}` : undefined,
        }))}
        onRemove={props.editable ? (id) => save({ memberIds: memberIds.filter((other) => other !== id) }) : undefined}
      />
      {props.editable && candidates ? (
        <form onSubmit={add} aria-label="Add a member" className="flex items-end gap-2" noValidate>
          <SelectField
            label="New member"
            name="member"
            options={[{ value: "", label: "Choose a user" }, ...candidates.map((user) => ({ value: user.id, label: describe(user) }))]}
          />
          <SubmitButton className="btn btn-sm" disabled={update.isPending}>
            Add member
          </SubmitButton>
        </form>
      ) : null}
      <FormError message={fieldErrorOn(update.error, "memberIds")} />
    </div>
  );
}
