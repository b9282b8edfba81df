/** E-mails about new estimates and bills (decision 0153): the scan the queue runs every minute. */
export { billNoticeCrontab, billNoticeTasks, queueBillNotices } from './bill-notices.ts';
