import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

/** Puts a 400's per-field messages under the inputs they belong to; what was typed stays. */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  if (!(error instanceof ApiError)) return;
  for (const [field, list] of Object.entries(error.errors)) {
    if ((fields as readonly string[]).includes(field) && list[0]) setError(field as Path<T>, { type: 'server', message: list[0] });
  }
}
