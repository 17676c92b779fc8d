import * as z from 'zod/mini';
import { REPORT_COMMENT_MAX, REPORT_IMAGES_MAX } from '#contract/reports';
import type { ReportFields } from './api';

/**
 * The report form's fields, with the contract's limits and words. The reason is the checked radio's value, a string
 * (empty until one is chosen): react-hook-form reads radios as they are.
 */
export const reportForm = z.object({
  reasonId: z.string('Choose a reason.').check(z.minLength(1, 'Choose a reason.')),
  comment: z.string().check(z.maxLength(REPORT_COMMENT_MAX, `At most ${REPORT_COMMENT_MAX} characters.`)),
  images: z.array(z.string()).check(z.maxLength(REPORT_IMAGES_MAX, `At most ${REPORT_IMAGES_MAX} screenshots.`)),
});
export type ReportFormValues = z.infer<typeof reportForm>;

/** The fields a server 400 may name that have an input here. */
export const REPORT_FORM_FIELDS = ['reasonId', 'comment', 'images'] as const;

export const emptyReportForm = (): ReportFormValues => ({ reasonId: '', comment: '', images: [] });

export const toReportFields = (values: ReportFormValues): ReportFields => ({
  reasonId: Number(values.reasonId),
  comment: values.comment.trim() || undefined,
  images: values.images,
});
