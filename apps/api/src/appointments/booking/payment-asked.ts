import { bookingMessages } from '@vet/contracts/appointment-booking';
import { conflict } from '../../platform/index.ts';

/**
 * Whether the practice asks a deposit or card hold to book this reason online for this client (decision
 * 0158): answered by payments, given to booking by the app's wiring. `appointmentId`: an appointment
 * changing reason, which keeps the payment it was booked with.
 */
export type PaymentAsked = (ask: {
  clientId: number | null;
  practiceId: number;
  reasonId: number;
  appointmentId?: number;
}) => Promise<boolean>;

/** 409 `payment_required`: such a booking is made through the payment's way (POST /v2/appointment-payments). */
export async function assertNoPaymentAsked(
  paymentAsked: PaymentAsked | undefined,
  ask: Parameters<PaymentAsked>[0],
  message: string = bookingMessages.paymentRequired,
): Promise<void> {
  if (paymentAsked && (await paymentAsked(ask))) throw conflict(message, 'payment_required');
}
