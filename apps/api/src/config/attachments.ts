import { z } from 'zod';
import { httpUrl } from './values.ts';

/**
 * Where owners' attachments are kept and what scans them (issue 66, decision 0166). ATTACHMENT_STORE is
 * `database` (the default: nothing to set up), `disk` (ATTACHMENT_FOLDER) or `s3` (any S3-compatible
 * bucket). CLAMD_ADDRESS names ClamAV's daemon; unset, uploads are stored as `not_scanned`.
 */
const attachmentsEnvShape = {
  ATTACHMENT_STORE: z.enum(['database', 'disk', 's3']).optional(),
  ATTACHMENT_FOLDER: z.string().startsWith('/').optional(),
  ATTACHMENT_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
    .optional(),
  ATTACHMENT_S3_ENDPOINT: httpUrl.optional(),
  ATTACHMENT_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,30}$/)
    .optional(),
  ATTACHMENT_S3_ACCESS_KEY_ID: z
    .string()
    .regex(/^[\x21-\x7e]{3,128}$/)
    .optional(),
  ATTACHMENT_S3_SECRET_ACCESS_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{3,128}$/)
    .optional(),
  CLAMD_ADDRESS: z
    .string()
    .regex(/^(tcp:\/\/[A-Za-z0-9.-]+:\d{1,5}|unix:\/.+)$/)
    .optional(),
};

const attachmentsEnvExpected: Record<keyof typeof attachmentsEnvShape, string> = {
  ATTACHMENT_STORE:
    'database, disk or s3 (where the bytes of owners’ photos and videos are kept); unset: database',
  ATTACHMENT_FOLDER: 'an absolute path of a folder the API may write; required when ATTACHMENT_STORE=disk',
  ATTACHMENT_S3_BUCKET:
    'an S3 bucket name (3 to 63 lower-case letters, digits, dots, hyphens); required when ATTACHMENT_STORE=s3',
  ATTACHMENT_S3_ENDPOINT:
    'the http:// or https:// address of an S3-compatible service (path-style requests); unset: AWS S3 itself; https in production',
  ATTACHMENT_S3_REGION: 'the bucket’s region, e.g. eu-west-2; unset: eu-west-2',
  ATTACHMENT_S3_ACCESS_KEY_ID:
    'the access key id (with ATTACHMENT_S3_SECRET_ACCESS_KEY); unset: the AWS SDK’s default chain (instance role, AWS_* variables)',
  ATTACHMENT_S3_SECRET_ACCESS_KEY: 'the secret access key, set together with ATTACHMENT_S3_ACCESS_KEY_ID',
  CLAMD_ADDRESS:
    'tcp://host:port or unix:/path/to/clamd.ctl of ClamAV’s daemon, whose StreamMaxLength must be at least 50M; unset: uploads are not scanned',
};

export const attachmentsSection = {
  shape: attachmentsEnvShape,
  expected: attachmentsEnvExpected,
  rules: [requireAttachmentSettings],
};

type AttachmentsEnv = z.output<z.ZodObject<typeof attachmentsEnvShape>> & { NODE_ENV: string };

export type AttachmentStoreConfig =
  | { kind: 'database' }
  | { kind: 'disk'; folder: string }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export interface AttachmentsConfig {
  store: AttachmentStoreConfig;
  clamd: { host: string; port: number } | { socket: string } | undefined;
}

function requireAttachmentSettings(env: Partial<AttachmentsEnv>, context: z.RefinementCtx): void {
  const required = (name: keyof typeof attachmentsEnvShape) => {
    if (env[name] === undefined) context.addIssue({ code: 'custom', path: [name], message: 'required' });
  };
  if (env.ATTACHMENT_STORE === 'disk') required('ATTACHMENT_FOLDER');
  if (env.ATTACHMENT_STORE === 's3') required('ATTACHMENT_S3_BUCKET');
  if (
    (env.ATTACHMENT_S3_ACCESS_KEY_ID === undefined) !==
    (env.ATTACHMENT_S3_SECRET_ACCESS_KEY === undefined)
  ) {
    required('ATTACHMENT_S3_ACCESS_KEY_ID');
    required('ATTACHMENT_S3_SECRET_ACCESS_KEY');
  }
  if (env.NODE_ENV === 'production' && env.ATTACHMENT_S3_ENDPOINT?.startsWith('http://')) {
    context.addIssue({
      code: 'custom',
      path: ['ATTACHMENT_S3_ENDPOINT'],
      message: 'must be https in production',
    });
  }
}

export function attachmentsConfigOf(env: AttachmentsEnv): AttachmentsConfig {
  return { store: storeOf(env), clamd: clamdOf(env.CLAMD_ADDRESS) };
}

function storeOf(env: AttachmentsEnv): AttachmentStoreConfig {
  switch (env.ATTACHMENT_STORE ?? 'database') {
    case 'database':
      return { kind: 'database' };
    case 'disk':
      return { kind: 'disk', folder: env.ATTACHMENT_FOLDER ?? '' };
    case 's3':
      return {
        kind: 's3',
        bucket: env.ATTACHMENT_S3_BUCKET ?? '',
        endpoint: env.ATTACHMENT_S3_ENDPOINT,
        region: env.ATTACHMENT_S3_REGION ?? 'eu-west-2',
        credentials:
          env.ATTACHMENT_S3_ACCESS_KEY_ID && env.ATTACHMENT_S3_SECRET_ACCESS_KEY
            ? {
                accessKeyId: env.ATTACHMENT_S3_ACCESS_KEY_ID,
                secretAccessKey: env.ATTACHMENT_S3_SECRET_ACCESS_KEY,
              }
            : undefined,
      };
  }
}

function clamdOf(address: string | undefined): AttachmentsConfig['clamd'] {
  if (!address) return undefined;
  if (address.startsWith('unix:')) return { socket: address.slice('unix:'.length) };
  const { hostname, port } = new URL(address);
  return { host: hostname, port: Number(port) };
}
