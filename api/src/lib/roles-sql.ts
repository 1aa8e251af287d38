import { PERMISSIONS, type Permission } from 'contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL for "this roles array holds `permission`": the array overlaps the permission's roles, read from the one
 * permission table (no role string written in a query).
 */
export const holdsPermission = (roles: SQL | SQL.Aliased | object, permission: Permission): SQL =>
  sql`${roles} && array[${sql.join(
    PERMISSIONS[permission].map((role) => sql`${role}`),
    sql`, `,
  )}]::text[]`;
