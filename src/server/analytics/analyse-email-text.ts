import { randomUUID } from "node:crypto";
import {
  selectBodies,
  selectNearDuplicateCandidates,
  selectNearDuplicateGroup,
  updateNearDuplicates,
  updateTextAnalyses,
  type NearDuplicateCandidateRow,
  type NearDuplicateCandidate,
  type NearDuplicateUpdate,
  type TextColumns,
} from "./analytics.queries";
import { normalisedText, ownBodyOf } from "./conversation-text";
import { detectLanguages, loadLanguageDetector } from "./detect-languages";
import {
  HASHES,
  bandingFor,
  bandKeys,
  estimatedSimilarity,
  jaccard,
  minHashSignature,
  NEAR_DUPLICATE_MIN_CHARS,
  shingleSet,
} from "./near-duplicate-signature";
import type { SqlClient } from "../platform/db/sql-client";

/** The settings the text analysis runs under: the threshold as a fraction, the ignore patterns compiled. */
export interface TextAnalysisSettings {
  threshold: number;
  ignorePatterns: RegExp[];
  /** Texts already compared in this run, by email id (a batch meets the same pivots again and again). */
  compared?: Map<string, Compared>;
}

/** The text near-duplicates compare: own words only (no quotation, signature, ignored pattern), normalised. */
export const nearDuplicateTextOf = (body: string, settings: TextAnalysisSettings) =>
  normalisedText(ownBodyOf(body, settings.ignorePatterns));

export interface Compared {
  emailId: string;
  text: string;
  shingles: Uint32Array;
}

/** One email's text analysed: what is stored of it (TextColumns) and what its near-duplicate grouping compares. */
export interface TextAnalysis extends TextColumns {
  emailId: string;
  own: Compared;
}

const COMPARED_CACHE = 500;
/** A candidate whose estimated similarity is this far under the threshold is not read (the estimate's error is ±0.13 at 95 %). */
const ESTIMATE_SLACK = 0.2;
/** At most this many candidates' texts are read ahead for a batch (each is held until the batch ends). */
const PREREAD_TEXTS = 1000;

/** A text of the run's cache, now the most recently used. */
function cached(emailId: string, settings: TextAnalysisSettings): Compared | undefined {
  const result = settings.compared?.get(emailId);
  if (result) {
    settings.compared!.delete(emailId);
    settings.compared!.set(emailId, result);
  }
  return result;
}

const compared = (emailId: string, bodyText: string, settings: TextAnalysisSettings): Compared => {
  const known = cached(emailId, settings);
  if (known) return known;
  const text = nearDuplicateTextOf(bodyText, settings);
  const result = { emailId, text, shingles: shingleSet(text) };
  if (settings.compared) {
    // The least recently used goes: the texts a run meets again and again (pivots, near-duplicates) stay.
    if (settings.compared.size >= COMPARED_CACHE) settings.compared.delete(settings.compared.keys().next().value!);
    settings.compared.set(emailId, result);
  }
  return result;
};

/** The longer text is the pivot; on a tie, the smaller id, so every run picks the same one. */
export const longer = (left: Compared, right: Compared) =>
  left.text.length > right.text.length || (left.text.length === right.text.length && left.emailId < right.emailId) ? left : right;

/**
 * A group's rows with `pivot` as its pivot: each member within the threshold of it stays, with its
 * similarity; the others (and one whose text is missing) leave; a pivot left alone has no near-duplicate.
 */
export function groupAroundPivot(
  pivot: Compared,
  members: { emailId: string; compared: Compared | undefined }[],
  groupId: string,
  threshold: number,
): NearDuplicateUpdate[] {
  const updates: NearDuplicateUpdate[] = [{ emailId: pivot.emailId, groupId, similarity: 1, pivot: true }];
  for (const member of members) {
    const similarity = member.compared ? jaccard(pivot.shingles, member.compared.shingles) : 0;
    updates.push(
      similarity >= threshold
        ? { emailId: member.emailId, groupId, similarity, pivot: false }
        : { emailId: member.emailId, groupId: null, similarity: null, pivot: false },
    );
  }
  if (updates.every((update) => update.pivot || update.groupId === null))
    updates[0] = { ...updates[0], groupId: null, similarity: null, pivot: false };
  return updates;
}

/**
 * An email's own text, its near-duplicate signature and bands, and its languages: computing only,
 * no statement (the batch computes every email's before it writes).
 */
export function analyseText(email: { id: string; bodyText: string }, settings: TextAnalysisSettings): TextAnalysis {
  const ownBody = ownBodyOf(email.bodyText, settings.ignorePatterns);
  const text = normalisedText(ownBody);
  const own = { emailId: email.id, text, shingles: shingleSet(text) };
  const signature = text.length >= NEAR_DUPLICATE_MIN_CHARS ? minHashSignature(own.shingles) : [];
  return {
    emailId: email.id,
    own,
    signature,
    bands: bandKeys(signature, bandingFor(settings.threshold)).map(String),
    textLength: text.length,
    languages: detectLanguages(ownBody),
  };
}

/** An email's near-duplicate state as this batch left it so far (written once, at the batch's end). */
interface GroupState {
  groupId: string | null;
  similarity: number | null;
  pivot: boolean;
}

/**
 * Places a batch's emails in near-duplicate groups, in order, each as if the ones before it were
 * stored (docs/ediscovery.md, "Near-duplicates"): one statement finds every email's candidates (the
 * emails analysed before it sharing a MinHash band), the groups they meet are read once, and every
 * change of group is written in one statement at the end. Per email: the candidates whose signature
 * does not rule them out are compared exactly with their group's pivot (or themselves when
 * ungrouped), and the email joins the most similar at or above the threshold. A text longer than
 * its group's pivot becomes the pivot, and members no longer similar enough to it leave the group,
 * so groups stay disjoint and every member is within the threshold of the pivot. The batch's text
 * columns must be stored before (its candidates are found by them).
 */
export async function groupNearDuplicates(client: SqlClient, analyses: TextAnalysis[], settings: TextAnalysisSettings): Promise<void> {
  const banded = analyses.filter((analysis) => analysis.bands.length > 0);
  if (banded.length === 0) return;
  const candidatesOf = await selectNearDuplicateCandidates(client, {
    emailIds: banded.map((analysis) => analysis.emailId),
    bands: banded.flatMap((analysis) => analysis.bands),
    bandsPerEmail: bandingFor(settings.threshold).bands,
    signatures: banded.flatMap((analysis) => analysis.signature),
    hashes: HASHES,
    textLengths: banded.map((analysis) => analysis.own.text.length),
    threshold: settings.threshold,
  });
  const changed = new Map<string, GroupState>();
  const signatures = new Map<string, number[]>(analyses.map((analysis) => [analysis.emailId, analysis.signature]));
  const batchTexts = new Map(analyses.map((analysis) => [analysis.emailId, analysis.own]));
  // Every text this batch compared, by email id (a member outside the batch has its signature from it).
  const comparedOf = new Map<string, Compared>(batchTexts);
  // Groups as stored when the batch first met them (a group this batch made has no stored member).
  const storedGroups = new Map<string, NearDuplicateCandidateRow[]>();

  /** The signature of a group member: the batch's own, a stored member's, else one outside the batch this batch grouped (from its text). */
  const signatureOf = (emailId: string, text: Compared | undefined) => {
    let signature = signatures.get(emailId);
    if (!signature && text) {
      signature = minHashSignature(text.shingles);
      signatures.set(emailId, signature);
    }
    return signature ?? [];
  };
  /** A group's members now: as stored when the batch first met it, with this batch's changes. */
  const membersOf = async (groupId: string): Promise<NearDuplicateCandidateRow[]> => {
    let stored = storedGroups.get(groupId);
    if (!stored) {
      stored = await selectNearDuplicateGroup(client, groupId);
      storedGroups.set(groupId, stored);
      for (const row of stored) if (!signatures.has(row.emailId)) signatures.set(row.emailId, row.signature);
    }
    const members = new Map<string, NearDuplicateCandidateRow>();
    for (const row of stored) {
      const now = changed.get(row.emailId);
      if (!now) members.set(row.emailId, row);
      else if (now.groupId === groupId) members.set(row.emailId, { ...row, pivot: now.pivot });
    }
    for (const [emailId, now] of changed)
      if (now.groupId === groupId && !members.has(emailId))
        members.set(emailId, { emailId, groupId, pivot: now.pivot, signature: signatureOf(emailId, comparedOf.get(emailId)) });
    return [...members.values()].sort((left, right) => (left.emailId < right.emailId ? -1 : left.emailId > right.emailId ? 1 : 0));
  };
  /** These emails' texts for the exact comparison: the batch's own or compared before, the run's cache, else read in one statement. */
  const comparedTexts = async (emailIds: string[]): Promise<Map<string, Compared>> => {
    // Cached ones are taken first: computing a missing one may clear the cache.
    const texts = new Map<string, Compared>();
    for (const id of emailIds) {
      const known = comparedOf.get(id) ?? cached(id, settings);
      if (known) texts.set(id, known);
    }
    const bodies = await selectBodies(
      client,
      emailIds.filter((id) => !texts.has(id)),
    );
    for (const [id, body] of bodies) texts.set(id, compared(id, body, settings));
    for (const [id, text] of texts) comparedOf.set(id, text);
    return texts;
  };
  const apply = (updates: NearDuplicateUpdate[]) => {
    for (const { emailId, ...state } of updates) changed.set(emailId, state);
  };
  // The texts most emails will be compared with, read in one statement rather than one per email:
  // the ungrouped candidates whose estimate leaves the threshold reachable (a group's pivot is
  // known only once the group is read).
  const likely = new Set<string>();
  for (const candidates of candidatesOf.values())
    for (const candidate of candidates)
      if (candidate.groupId === null && candidate.estimate >= settings.threshold - ESTIMATE_SLACK && !comparedOf.has(candidate.emailId))
        likely.add(candidate.emailId);
  await comparedTexts([...likely].slice(0, PREREAD_TEXTS));

  for (const analysis of banded) {
    const { own, signature } = analysis;
    const candidates: NearDuplicateCandidate[] = candidatesOf.get(analysis.emailId) ?? [];
    // What to compare with: each ungrouped candidate, and each candidate's group pivot.
    const targets = new Map<string, string | null>();
    const groups = new Map<string, NearDuplicateCandidateRow[]>();
    const worthReading = (estimate: number) => estimate >= settings.threshold - ESTIMATE_SLACK;
    let placed = false;
    for (const candidate of candidates) {
      const groupId = changed.has(candidate.emailId) ? changed.get(candidate.emailId)!.groupId : candidate.groupId;
      if (groupId === null) {
        if (worthReading(candidate.estimate)) targets.set(candidate.emailId, null);
      } else if (!groups.has(groupId)) {
        const members = await membersOf(groupId);
        // Analysed again after a regroup, and an email before it already grouped it (maybe as the
        // pivot): its place is decided, and comparing it with itself would demote the pivot.
        if (members.some((member) => member.emailId === own.emailId)) {
          placed = true;
          break;
        }
        groups.set(groupId, members);
        const pivot = members.find((member) => member.pivot);
        if (pivot && worthReading(estimatedSimilarity(signature, pivot.signature))) targets.set(pivot.emailId, groupId);
      }
    }
    if (placed) continue;
    const texts = await comparedTexts([...targets.keys()]);
    let chosen: { target: Compared; groupId: string | null; similarity: number } | null = null;
    for (const [targetId, groupId] of targets) {
      const target = texts.get(targetId);
      if (!target) continue;
      const similarity = jaccard(own.shingles, target.shingles);
      if (similarity >= settings.threshold && (!chosen || similarity > chosen.similarity)) chosen = { target, groupId, similarity };
    }
    if (!chosen) continue;
    if (chosen.groupId === null) {
      const pivot = longer(own, chosen.target);
      const other = pivot === own ? chosen.target : own;
      const groupId = randomUUID();
      storedGroups.set(groupId, []);
      apply([
        { emailId: pivot.emailId, groupId, similarity: 1, pivot: true },
        { emailId: other.emailId, groupId, similarity: chosen.similarity, pivot: false },
      ]);
      continue;
    }
    if (longer(own, chosen.target) !== own) {
      apply([{ emailId: own.emailId, groupId: chosen.groupId, similarity: chosen.similarity, pivot: false }]);
      continue;
    }
    // The new email is the group's longest text: it becomes the pivot, and every member is measured against it.
    const members = groups.get(chosen.groupId) ?? [];
    const memberTexts = await comparedTexts(members.map((member) => member.emailId));
    apply(
      groupAroundPivot(
        own,
        members.map((member) => ({ emailId: member.emailId, compared: memberTexts.get(member.emailId) })),
        chosen.groupId,
        settings.threshold,
      ),
    );
  }
  await updateNearDuplicates(
    client,
    [...changed].map(([emailId, state]) => ({ emailId, ...state })),
  );
}

/**
 * Analyses the text of emails already placed in their conversations (docs/ediscovery.md,
 * "Near-duplicates"): stores their languages, signatures and bands, and groups them in order.
 */
export async function analyseEmailTexts(client: SqlClient, emails: { id: string; bodyText: string }[], settings: TextAnalysisSettings) {
  if (emails.length > 0) await loadLanguageDetector();
  const analyses = emails.map((email) => analyseText(email, settings));
  await updateTextAnalyses(client, analyses);
  await groupNearDuplicates(client, analyses, settings);
}
