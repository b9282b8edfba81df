/**
 * The bills module: the client's estimates and bills from the practice system, the owner's answer to an
 * estimate (decisions 0151, 0153), and the e-mails about new ones. Other modules import only this file
 * (decision 0054).
 */
export { estimateUrl, invoiceUrl, newEstimateEmail, newInvoiceEmail } from './bill-emails.ts';
export type { BillEmailSettings, EmailLine } from './bill-emails.ts';
export { createBillsRepository } from './bills-repository.ts';
export { paidOnline } from './online-payments.ts';
export { billsForExport } from './bills-service.ts';
export { billRoutes } from './routes.ts';
