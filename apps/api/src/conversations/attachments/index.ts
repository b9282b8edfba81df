/** The owner's uploads, their bytes, the practice's signed link, and the sweep of unsent ones (decision 0166). */
export {
  attachmentDepsOf,
  attachmentStoreOf,
  externalAttachmentFiles,
  malwareScannerOf,
  type AttachmentDeps,
  type AttachmentSettings,
  type AttachmentStoreSettings,
} from './attachment-deps.ts';
export { attachmentLinkRoutes, type AttachmentLinkDeps } from './attachment-link-routes.ts';
export { attachmentRoutes } from './attachment-routes.ts';
export {
  deleteUnsentAttachments,
  deleteUnsentAttachmentsTask,
  unsentAttachmentCrontab,
  unsentAttachmentTasks,
} from './unsent-sweep.ts';
