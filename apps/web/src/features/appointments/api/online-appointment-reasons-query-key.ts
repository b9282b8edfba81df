/** What can be booked online, in the cache (the browser's query, the server's first data). */
export const onlineAppointmentReasonsQueryKey = ['lookup', 'online-appointment-reasons'] as const;
