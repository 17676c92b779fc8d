import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

/**
 * Puts a 400's per-field messages under the inputs they belong to; what was typed stays. `named` maps a wire field to
 * the form's where the form holds it another way (members picked, where the body sends their ids).
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[], named: Record<string, Path<T>> = {}) {
  if (!(error instanceof ApiError)) return;
  for (const [wire, list] of Object.entries(error.errors)) {
    const field = Object.hasOwn(named, wire) ? named[wire]! : wire;
    if ((fields as readonly string[]).includes(field) && list[0]) setError(field as Path<T>, { type: 'server', message: list[0] });
  }
}
