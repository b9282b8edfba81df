import type { FeatureToggle, OnlinePractice } from '@vet/contracts/practices';
import type { Database } from '@vet/db/connection';
import { rowExists } from '@vet/db/row-exists';
import { practiceFeatureSettings, practices } from '@vet/db/schema/practices';
import { asc, eq } from 'drizzle-orm';

export function createPracticesRepository(db: Database) {
  return {
    /** The practices a client can choose online, by name. */
    listOnlinePractices(): Promise<OnlinePractice[]> {
      return db
        .select({
          id: practices.id,
          name: practices.name,
          phone: practices.phone,
          addressLine1: practices.addressLine1,
          addressLine2: practices.addressLine2,
          town: practices.town,
          postcode: practices.postcode,
          onlineRegistrationAvailable: practices.onlineRegistrationAvailable,
        })
        .from(practices)
        .where(eq(practices.isOnline, true))
        .orderBy(asc(practices.name), asc(practices.id));
    },

    listFeatureToggles(practiceId: number): Promise<FeatureToggle[]> {
      return db
        .select({ featureKey: practiceFeatureSettings.featureKey, value: practiceFeatureSettings.value })
        .from(practiceFeatureSettings)
        .where(eq(practiceFeatureSettings.practiceId, practiceId))
        .orderBy(asc(practiceFeatureSettings.featureKey));
    },

    practiceExists: (practiceId: number): Promise<boolean> => rowExists(db, practices, practiceId),
  };
}

export type PracticesRepository = ReturnType<typeof createPracticesRepository>;
