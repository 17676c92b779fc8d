import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Millisecond precision everywhere (architecture.md), stored in UTC. */
export const ts = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' });

/** Binary data (an activity's encoded streams), read and written as a Buffer on PGlite and node-postgres alike. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});
