/** The signed-in client's repeat prescription requests in the cache. */
export const prescriptionRequestsQueryKey = ['prescription-requests'] as const;

/** A pet's current medicines in the cache. */
export const petMedicinesQueryKey = (petId: number) => ['pet-medications', petId] as const;
