import { timestamp } from 'drizzle-orm/pg-core';

/** Millisecond precision everywhere (architecture.md), stored in UTC. */
export const ts = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: 'date' });
