import type { DbOrTx } from "../../platform/db/client";
import { validationError } from "../../platform/errors/app-error";
import type { DispositionAction, DispositionFieldsInput } from "./dispositions.schemas";

/** The disposition settings of a label or policy, as their responses show them. */
export interface RuleDisposition {
  dispositionAction: DispositionAction;
  reviewerIds: string[];
  reviewerRoleId: string | null;
}

export const toRuleDisposition = (rule: {
  dispositionAction: string;
  reviewerIds: string[];
  reviewerRoleId: string | null;
}): RuleDisposition => ({
  dispositionAction: rule.dispositionAction as DispositionAction,
  reviewerIds: rule.reviewerIds,
  reviewerRoleId: rule.reviewerRoleId,
});

/**
 * Checks that named reviewers and the reviewer role exist (422 naming the field otherwise: a review
 * nobody can see would wait forever) and answers the Prisma data of the provided fields.
 */
export async function ruleDispositionData(client: DbOrTx, input: DispositionFieldsInput): Promise<Partial<RuleDisposition>> {
  const reviewerIds = input.reviewerIds && [...new Set(input.reviewerIds)];
  const errors: { field: string; message: string }[] = [];
  if (reviewerIds && reviewerIds.length > 0) {
    const found = new Set(
      (await client.user.findMany({ where: { id: { in: reviewerIds } }, select: { id: true } })).map((user) => user.id),
    );
    input.reviewerIds!.forEach((id, index) => {
      if (!found.has(id)) errors.push({ field: `reviewerIds.${index}`, message: `user ${id} does not exist` });
    });
  }
  if (input.reviewerRoleId && !(await client.role.findUnique({ where: { id: input.reviewerRoleId }, select: { id: true } }))) {
    errors.push({ field: "reviewerRoleId", message: `role ${input.reviewerRoleId} does not exist` });
  }
  if (errors.length > 0) throw validationError(errors);
  return {
    ...(input.dispositionAction !== undefined && { dispositionAction: input.dispositionAction }),
    ...(reviewerIds !== undefined && { reviewerIds }),
    ...(input.reviewerRoleId !== undefined && { reviewerRoleId: input.reviewerRoleId }),
  };
}
