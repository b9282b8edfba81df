// The pages the dashboard's actions open: apart from the rules, so the dialogs that open them (in the
// browser) do not carry the booking and registration rules the server has already applied.
export const bookAppointmentPath = '/appointments/book';
export const registerPetPath = '/pets/register';
