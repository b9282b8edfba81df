/** One pet's health record (its vaccinations) in the browser's cache. */
export const petHealthRecordQueryKey = (petId: number) => ['pet-health-record', petId] as const;
