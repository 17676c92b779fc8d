import { toast as sonner } from 'sonner';

/** The one toast helper (spec §2): success, failure and plain message, 3000 ms, closable. */
export const toast = {
  success: (message: string) => sonner.success(message),
  failure: (message: string) => sonner.error(message),
  message: (message: string) => sonner.message(message),
};
