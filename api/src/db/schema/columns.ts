import { customType } from 'drizzle-orm/pg-core';

/** Raw bytes (uploaded files), read and written as Buffers on both drivers. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
