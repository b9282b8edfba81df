import { z } from 'zod';
import {
  estimateAnswers,
  estimateStates,
  estimateStatuses,
  invoiceStates,
  invoiceStatuses,
  vatRates,
} from './bill-rules.ts';
import { serialId, serialIdParam } from './ids.ts';

/**
 * The client's estimates and bills (issue 63, decision 0151): what the practice system sent, line by line,
 * and the owner's answer to an estimate. Routes under /v2/bills; every one is scoped to the signed-in
 * client, and another client's record answers 404 like a missing one. Money is whole pence.
 */

export const billLineSchema = z.object({
  lineNo: z.number().int(),
  description: z.string(),
  /** Decimal text with up to three places, as the practice system counted it: "1", "2.5", "0.35". */
  quantity: z.string(),
  /** VAT exclusive; negative for a discount. */
  unitPricePence: z.number().int(),
  vatRate: z.enum(vatRates),
  vatPercent: z.number(),
  /** VAT inclusive. */
  totalPence: z.number().int(),
  petName: z.string().nullable(),
});
export type BillLine = z.infer<typeof billLineSchema>;

/** The practice as a bill names it (the CMA's itemised bill: who charges, their VAT number, their owner). */
export const billPracticeSchema = z.object({
  name: z.string(),
  address: z.array(z.string()),
  phone: z.string(),
  vatNumber: z.string().nullable(),
  /**
   * "<practice> is owned by <owner>." as the practice pages and e-mails write it (practice-ownership.ts
   * ownershipSentence); null when the group gave no owner.
   */
  ownership: z.string().nullable(),
});

export { estimateStates, invoiceStates } from './bill-rules.ts';
export type { EstimateState, InvoiceState } from './bill-rules.ts';

const billHeader = {
  id: z.number().int(),
  title: z.string().nullable(),
  /** YYYY-MM-DD */
  issuedOn: z.string(),
  petNames: z.array(z.string()),
  clinicianName: z.string().nullable(),
  totalPence: z.number().int(),
  vatPence: z.number().int(),
};

/** One row of GET /v2/bills: an estimate or an invoice, newest first. */
export const billSummarySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('estimate'),
    ...billHeader,
    practiceName: z.string(),
    state: z.enum(estimateStates),
    /** YYYY-MM-DD; null: no expiry. */
    expiresOn: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('invoice'),
    ...billHeader,
    practiceName: z.string(),
    state: z.enum(invoiceStates),
    /** What is still to pay: the total less what the practice system says is paid. */
    duePence: z.number().int(),
  }),
]);
export type BillSummary = z.infer<typeof billSummarySchema>;

export const billsPageSize = 20;

/** GET /v2/bills?petId&cursor */
export const billsQuerySchema = z.object({
  petId: serialIdParam.optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});
export const billsPageSchema = z.object({
  items: z.array(billSummarySchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
  /** The client's pets that have a bill or an estimate, for the filter. */
  pets: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type BillsPage = z.infer<typeof billsPageSchema>;

/** GET /v2/bills/estimates/{estimateId} */
export const estimateDetailSchema = z.object({
  ...billHeader,
  practice: billPracticeSchema,
  state: z.enum(estimateStates),
  practiceStatus: z.enum(estimateStatuses),
  expiresOn: z.string().nullable(),
  terms: z.string().nullable(),
  /** What an answer sends back, so that one given to an older revision is refused (409). */
  revision: z.number().int(),
  /** The total before the latest revision; null: never revised. */
  previousTotalPence: z.number().int().nullable(),
  /** The total the owner agreed to, when a smaller revision followed it (shown, not asked). */
  agreedTotalPence: z.number().int().nullable(),
  answer: z.enum(estimateAnswers).nullable(),
  /** ISO timestamp */
  answeredAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  lines: z.array(billLineSchema),
});
export type EstimateDetail = z.infer<typeof estimateDetailSchema>;

/** GET /v2/bills/invoices/{invoiceId} */
export const invoiceDetailSchema = z.object({
  ...billHeader,
  /** The practice system's invoice number, which a VAT invoice carries and the practice's desk asks for. */
  number: z.string().nullable(),
  practice: billPracticeSchema,
  state: z.enum(invoiceStates),
  practiceStatus: z.enum(invoiceStatuses),
  dueOn: z.string().nullable(),
  paidPence: z.number().int(),
  duePence: z.number().int(),
  /** The estimate it settles, where the practice system linked them. */
  estimateId: z.number().int().nullable(),
  lines: z.array(billLineSchema),
  /** Whether the owner can pay what is due online now (decision 0157): never in the data export. */
  payOnline: z.boolean(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const estimateIdParamsSchema = z.object({ estimateId: serialIdParam });
export const invoiceIdParamsSchema = z.object({ invoiceId: serialIdParam });

export const declineReasonMaxLength = 500;

/** POST /v2/bills/estimates/{estimateId}/answer */
export const estimateAnswerSchema = z.discriminatedUnion('answer', [
  z.object({ answer: z.literal('accepted'), revision: serialId }),
  z.object({
    answer: z.literal('declined'),
    revision: serialId,
    reason: z
      .string()
      .trim()
      .min(1, 'Tell the practice why you are declining.')
      .max(declineReasonMaxLength, `Keep the reason under ${declineReasonMaxLength} characters.`),
  }),
]);
export type EstimateAnswerRequest = z.infer<typeof estimateAnswerSchema>;

/** GET /v2/bills/summary: what the dashboard shows. */
export const billsSummarySchema = z.object({
  estimatesToAnswer: z.array(
    z.object({ id: z.number().int(), title: z.string().nullable(), totalPence: z.number().int() }),
  ),
  unpaidBills: z.array(
    z.object({ id: z.number().int(), title: z.string().nullable(), duePence: z.number().int() }),
  ),
});
export type BillsSummary = z.infer<typeof billsSummarySchema>;
