import { describe, expect, it } from 'vitest';
import { type CompanyMember, resolveRecipients } from './recipients';

const members: CompanyMember[] = [
  { userId: 1, roles: ['ROLE_POSEUR_ADMIN'] },
  { userId: 2, roles: ['ROLE_SUPER_ADMIN'] },
  { userId: 3, roles: ['ROLE_FRANCHISEUR'] },
  { userId: 4, roles: ['ROLE_POSEUR'] },
  { userId: 5, roles: ['ROLE_COMMERCIAL_GARAGE'] },
  { userId: 6, roles: ['ROLE_CMD'] },
];

describe('resolveRecipients', () => {
  it('admin: the poseur admins, super admins and franchisors of the company', () => {
    expect(resolveRecipients(members, { choice: 'admin', userIds: [], ownerUserId: 4 })).toEqual([1, 2, 3]);
  });

  it('owner: the folder owner only, nobody without one', () => {
    expect(resolveRecipients(members, { choice: 'owner', userIds: [], ownerUserId: 4 })).toEqual([4]);
    expect(resolveRecipients(members, { choice: 'owner', userIds: [] })).toEqual([]);
  });

  it('adminOwner, ownerCom, adminOwnerCom combine the groups', () => {
    expect(resolveRecipients(members, { choice: 'adminOwner', userIds: [], ownerUserId: 6 })).toEqual([1, 2, 3, 6]);
    expect(resolveRecipients(members, { choice: 'ownerCom', userIds: [], ownerUserId: 6 })).toEqual([5, 6]);
    expect(resolveRecipients(members, { choice: 'adminOwnerCom', userIds: [], ownerUserId: 4 })).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });

  it('adds the users picked one by one, without duplicates', () => {
    expect(resolveRecipients(members, { choice: 'admin', userIds: [6, 1, 6] })).toEqual([1, 2, 3, 6]);
  });

  it('never includes someone who is not a member of the company', () => {
    expect(resolveRecipients(members, { choice: 'adminOwner', userIds: [99], ownerUserId: 42 })).toEqual([1, 2, 3]);
  });
});
