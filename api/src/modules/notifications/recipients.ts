import { can, type RecipientChoice } from 'contracts';

export interface CompanyMember {
  userId: number;
  roles: readonly string[];
}

export interface RecipientRule {
  choice: RecipientChoice;
  /** Extra users picked one by one in the configuration. */
  userIds: readonly number[];
  /** The folder's owner, when the event concerns a folder that has one. */
  ownerUserId?: number | null;
}

/**
 * Who receives an event of a company: the default group of the configuration
 * plus the users picked one by one. Only members of the company ever receive
 * anything, whatever the configuration holds (a user may have left since).
 * Returns user ids in ascending order, without duplicates.
 */
export function resolveRecipients(members: readonly CompanyMember[], rule: RecipientRule): number[] {
  const memberIds = new Set(members.map((m) => m.userId));
  const wantsAdmin = rule.choice === 'admin' || rule.choice === 'adminOwner' || rule.choice === 'adminOwnerCom';
  const wantsOwner = rule.choice !== 'admin';
  const wantsCom = rule.choice === 'ownerCom' || rule.choice === 'adminOwnerCom';

  const chosen = new Set<number>();
  for (const member of members) {
    if (wantsAdmin && can(member.roles, 'notifiedAsAdmin')) chosen.add(member.userId);
    if (wantsCom && can(member.roles, 'notifiedAsCommercial')) chosen.add(member.userId);
  }
  if (wantsOwner && rule.ownerUserId != null && memberIds.has(rule.ownerUserId)) chosen.add(rule.ownerUserId);
  for (const id of rule.userIds) if (memberIds.has(id)) chosen.add(id);
  return [...chosen].sort((a, b) => a - b);
}
