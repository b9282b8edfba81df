import { z } from 'zod';
import { contactPreferenceChoicesSchema } from './contact-preferences.ts';
import { serialId, serialIdParam } from './ids.ts';
import { verificationCodePattern } from './verification.ts';

/**
 * Onboarding: matching a person to the practice's existing client record (R4.16), verifying by e-mailed
 * code (R4.17), invitations (R4.18) and new clients (R4.19). These shapes are the one definition the API
 * validates with and the web types its calls and forms with.
 */

/** R3.14: the results of a pre-signup check. */
export const verificationResults = [
  'VerifyClient',
  'ContactPractice',
  'NewClient',
  'SignInClient',
  'ChoosePostcode',
  'ChooseEmail',
  'CheckFailed',
] as const;
export const verificationResultSchema = z.enum(verificationResults);
export type VerificationResult = z.infer<typeof verificationResultSchema>;

const lastName = z.string().trim().min(1, 'Enter your last name.').max(100, 'Enter at most 100 characters.');
const email = z
  .string()
  .trim()
  .max(254, 'Enter at most 254 characters.')
  .pipe(z.email('Enter a valid e-mail address.'));
const postcode = z
  .string()
  .trim()
  .min(5, 'Enter a full UK postcode, such as SW1A 1AA.')
  .max(10, 'Enter a full UK postcode, such as SW1A 1AA.');

/** GET /pre-signup/check (anonymous): the spec's query names. */
export const preSignupCheckQuerySchema = z.object({
  LastName: lastName,
  Postcode: postcode,
  Email: email,
  PracticeId: serialIdParam,
});

/** GET /signup/check (signed in, not linked yet). */
export const signupCheckQuerySchema = z.object({
  PracticeId: serialIdParam,
  LastName: lastName,
  Email: email,
  PostCode: postcode,
});

/** GET /signup-v2/check (signed in, not linked yet): without the postcode. */
export const signupV2CheckQuerySchema = z.object({
  PracticeId: serialIdParam,
  LastName: lastName,
  Email: email,
});

/**
 * The answer of every check, in one constant shape whatever matched: every field is present, null or
 * empty when it does not apply. Nothing unmasked about a record the caller has not proven to own.
 */
export const signupCheckResponseSchema = z.object({
  result: verificationResultSchema,
  /**
   * An opaque, short-lived handle on this check, for the follow-up call (resend, or confirming a Choose*
   * offer). Null where no follow-up exists.
   */
  checkToken: z.string().nullable(),
  /** ChooseEmail: the masked address on file the code would go to, e.g. `j•••@e•••.com`. */
  maskedEmail: z.string().nullable(),
  /** ChoosePostcode: the masked postcodes on file, e.g. `SW1A •••`. */
  maskedPostcodes: z.array(z.string()),
  /** ContactPractice (and every result): the chosen practice's name and phone, to call. */
  practiceName: z.string().nullable(),
  practicePhone: z.string().nullable(),
});
export type SignupCheckResponse = z.infer<typeof signupCheckResponseSchema>;

/** POST /pre-signup/resend and POST /signup-v2/complete-signup: the check the call follows up. */
export const checkTokenBodySchema = z.object({ checkToken: z.string().min(1).max(200) });

/** A 6-digit verification code, as typed or as carried by the e-mailed link. */
export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(verificationCodePattern, 'Enter the 6-digit code from the e-mail.');

/**
 * PATCH /client/verify and /v2/verify: the code, and the client id when it came with the e-mailed link
 * (`/verified?code=&clientId=&mode=`). A code typed after an anonymous pre-signup check has no client id:
 * send that check's token instead. With neither, the signed-in identity's own pending code.
 */
export const verifyBodySchema = z.object({
  code: verificationCodeSchema,
  clientId: z.number().int().positive().max(2_147_483_647).optional(),
  checkToken: checkTokenBodySchema.shape.checkToken.optional(),
});

/** PATCH /client/activate: the practice's invitation (`/invite?rc=&ln=`). */
export const activateBodySchema = z.object({
  registrationCode: z.string().trim().min(6, 'The invitation code is not complete.').max(64),
  lastName,
});

/**
 * POST /client/signup: a new client of the chosen practice (R4.19). The e-mail is the identity's own
 * (from its token), never taken from the body; phone and postcode are checked as UK values by the API.
 */
export const newClientBodySchema = z.object({
  salutationId: serialId,
  firstName: z.string().trim().min(1, 'Enter your first name.').max(100, 'Enter at most 100 characters.'),
  lastName,
  mobilePhone: z.string().trim().min(1, 'Enter your mobile number.').max(20, 'Enter at most 20 characters.'),
  address: z.object({
    line1: z.string().trim().min(1, 'Enter the first line of your address.').max(100),
    line2: z.string().trim().max(100).nullable(),
    town: z.string().trim().min(1, 'Enter your town or city.').max(60),
    county: z.string().trim().max(60).nullable(),
    postcode,
  }),
  homePracticeId: serialId,
  contactPreferences: contactPreferenceChoicesSchema,
});
export type NewClientBody = z.infer<typeof newClientBodySchema>;
