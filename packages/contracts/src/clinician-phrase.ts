/**
 * Who sees the pet, as pages, e-mails and calendar entries say it (decision 0141): "with Kirsty Doyle"
 * when the client named the clinician online, else "with a vet" or "with a nurse"; null when the type is
 * not known.
 */
export function clinicianPhrase(appointment: {
  clinicianType: 'Vet' | 'Nurse' | 'Unknown';
  clinicianName?: string | null | undefined;
}): string | null {
  if (appointment.clinicianName) return `with ${appointment.clinicianName}`;
  return appointment.clinicianType === 'Unknown' ? null : `with a ${appointment.clinicianType.toLowerCase()}`;
}
