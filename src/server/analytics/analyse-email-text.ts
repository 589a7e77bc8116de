import { randomUUID } from "node:crypto";
import {
  selectNearDuplicateCandidates,
  selectNearDuplicateGroup,
  updateNearDuplicates,
  updateTextAnalysis,
  type NearDuplicateCandidateRow,
  type NearDuplicateUpdate,
} from "./analytics.queries";
import { normalisedText, ownBodyOf } from "./conversation-text";
import { detectLanguages } from "./detect-languages";
import { bandKeys, jaccard, NEAR_DUPLICATE_MIN_CHARS, shingleSet } from "./near-duplicate-signature";
import type { SqlClient } from "../platform/db/sql-client";

/** The settings the text analysis runs under: the threshold as a fraction, the ignore patterns compiled. */
export interface TextAnalysisSettings {
  threshold: number;
  ignorePatterns: RegExp[];
}

/** The text near-duplicates compare: own words only (no quotation, signature, ignored pattern), normalised. */
export const nearDuplicateTextOf = (body: string, settings: TextAnalysisSettings) =>
  normalisedText(ownBodyOf(body, settings.ignorePatterns));

interface Compared {
  emailId: string;
  text: string;
  shingles: Set<number>;
}

const compared = (row: Pick<NearDuplicateCandidateRow, "emailId" | "bodyText">, settings: TextAnalysisSettings): Compared => {
  const text = nearDuplicateTextOf(row.bodyText, settings);
  return { emailId: row.emailId, text, shingles: shingleSet(text) };
};

/** The longer text is the pivot; on a tie, the smaller id, so every run picks the same one. */
const longer = (left: Compared, right: Compared) =>
  left.text.length > right.text.length || (left.text.length === right.text.length && left.emailId < right.emailId) ? left : right;

/**
 * Records an email's languages and near-duplicate bands, and places it in a near-duplicate group
 * (docs/ediscovery.md, "Near-duplicates"): the candidates sharing a MinHash band are compared
 * exactly with their group's pivot (or themselves when ungrouped), and the email joins the most
 * similar at or above the threshold. A text longer than its group's pivot becomes the pivot, and
 * members no longer similar enough to it leave the group, so groups stay disjoint and every member
 * is within the threshold of the pivot.
 */
export async function analyseEmailText(client: SqlClient, email: { id: string; bodyText: string }, settings: TextAnalysisSettings) {
  const own = compared({ emailId: email.id, bodyText: email.bodyText }, settings);
  const bands = own.text.length >= NEAR_DUPLICATE_MIN_CHARS ? bandKeys(own.shingles).map(String) : [];
  await updateTextAnalysis(client, {
    emailId: email.id,
    bands,
    textLength: own.text.length,
    languages: detectLanguages(ownBodyOf(email.bodyText, settings.ignorePatterns)),
  });
  if (bands.length === 0) return;
  const candidates = await selectNearDuplicateCandidates(client, email.id, bands);
  const groups = new Map<string, NearDuplicateCandidateRow[]>();
  let best: { target: Compared; groupId: string | null; similarity: number } | null = null;
  const consider = (target: Compared, groupId: string | null) => {
    const similarity = jaccard(own.shingles, target.shingles);
    if (similarity >= settings.threshold && (!best || similarity > best.similarity)) best = { target, groupId, similarity };
  };
  for (const candidate of candidates) {
    if (candidate.groupId === null) {
      consider(compared(candidate, settings), null);
    } else if (!groups.has(candidate.groupId)) {
      const members = await selectNearDuplicateGroup(client, candidate.groupId);
      groups.set(candidate.groupId, members);
      const pivot = members.find((member) => member.pivot);
      if (pivot) consider(compared(pivot, settings), candidate.groupId);
    }
  }
  const chosen = best as { target: Compared; groupId: string | null; similarity: number } | null;
  if (!chosen) return;
  if (chosen.groupId === null) {
    const pivot = longer(own, chosen.target);
    const other = pivot === own ? chosen.target : own;
    const groupId = randomUUID();
    await updateNearDuplicates(client, [
      { emailId: pivot.emailId, groupId, similarity: 1, pivot: true },
      { emailId: other.emailId, groupId, similarity: chosen.similarity, pivot: false },
    ]);
    return;
  }
  if (longer(own, chosen.target) !== own) {
    await updateNearDuplicates(client, [{ emailId: email.id, groupId: chosen.groupId, similarity: chosen.similarity, pivot: false }]);
    return;
  }
  // The new email is the group's longest text: it becomes the pivot, and every member is measured against it.
  const updates: NearDuplicateUpdate[] = [{ emailId: email.id, groupId: chosen.groupId, similarity: 1, pivot: true }];
  for (const member of groups.get(chosen.groupId) ?? []) {
    const similarity = jaccard(own.shingles, compared(member, settings).shingles);
    updates.push(
      similarity >= settings.threshold
        ? { emailId: member.emailId, groupId: chosen.groupId, similarity, pivot: false }
        : { emailId: member.emailId, groupId: null, similarity: null, pivot: false },
    );
  }
  // A pivot left alone has no near-duplicate.
  if (updates.every((update) => update.pivot || update.groupId === null))
    updates[0] = { ...updates[0], groupId: null, similarity: null, pivot: false };
  await updateNearDuplicates(client, updates);
}
